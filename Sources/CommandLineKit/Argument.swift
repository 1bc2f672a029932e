/// A typed positional argument of a command, declared once as a static constant: its
/// placeholder and help (`spec`, which the parser and `--help` read) and how the text given
/// becomes a `Value`. `run` reads the value with `invocation[argument]`.
public struct Argument<Value: Sendable>: ArgumentDeclaration {
    public private(set) var spec: ArgumentSpec

    private init(
        _ name: String, optional: Bool, help: String,
        resolve: @escaping @Sendable (String?, inout [String]) throws(CLIError) -> Value
    ) {
        spec = ArgumentSpec(
            name: name, help: help, optional: optional,
            resolve: { text, warnings throws(CLIError) in try resolve(text, &warnings) })
    }

    /// The last argument, taking one or more words (`tickwork watch add SYMBOL...`).
    public static func oneOrMore<Element>(_ name: String, help: String, parse: ValueParser<Element>) -> Argument<Value>
    where Value == [Element] {
        var argument = Argument(name, optional: false, help: help) { _, _ throws(CLIError) in [] }
        argument.spec.resolveRest = { texts, warnings throws(CLIError) in
            guard !texts.isEmpty else { throw .usage("missing argument \(name)") }
            var values: [Element] = []
            for text in texts { values.append(try parse.value(of: text, for: name, warnings: &warnings)) }
            return values
        }
        return argument
    }

    /// The last argument, taking any number of words, none included (`tickwork record
    /// [SYMBOL...]`, whose symbol may still come by an old option).
    public static func zeroOrMore<Element>(_ name: String, help: String, parse: ValueParser<Element>) -> Argument<Value>
    where Value == [Element] {
        var argument = Argument(name, optional: true, help: help) { _, _ throws(CLIError) in [] }
        argument.spec.resolveRest = { texts, warnings throws(CLIError) in
            var values: [Element] = []
            for text in texts { values.append(try parse.value(of: text, for: name, warnings: &warnings)) }
            return values
        }
        return argument
    }

    /// An argument that must be given (`tickwork book SYMBOL`).
    public static func required(_ name: String, help: String, parse: ValueParser<Value>) -> Argument<Value> {
        Argument(name, optional: false, help: help) { text, warnings throws(CLIError) in
            guard let text else { throw .usage("missing argument \(name)") }
            return try parse.value(of: text, for: name, warnings: &warnings)
        }
    }

    /// An argument that may be left out, nil then (`tickwork orders [SYMBOL]`).
    public static func optional<Wrapped>(_ name: String, help: String, parse: ValueParser<Wrapped>) -> Argument<Value>
    where Value == Wrapped? {
        Argument(name, optional: true, help: help) { text, warnings throws(CLIError) in
            guard let text else { return nil }
            return try parse.value(of: text, for: name, warnings: &warnings)
        }
    }

    /// A text argument (a path, a name) that must be given.
    public static func required(_ name: String, help: String) -> Argument<Value> where Value == String {
        required(name, help: help, parse: .text)
    }

    /// A text argument that may be left out, nil then.
    public static func optional(_ name: String, help: String) -> Argument<Value> where Value == String? {
        optional(name, help: help, parse: .text)
    }
}
