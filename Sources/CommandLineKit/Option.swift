/// A typed option of a command, declared once as a static constant: its spelling and help
/// (`spec`, which the parser and `--help` read) and how the texts given become a `Value`. The
/// command lists it in its `Command`; the parser resolves it before the command runs (a bad or
/// missing value exits 64 naming the option); `run` reads the value with `invocation[option]`.
public struct Option<Value: Sendable>: OptionDeclaration {
    public private(set) var spec: OptionSpec

    /// An option whose value `resolve` makes from every text given for it, in order (none when
    /// it is absent), for the rare option that no factory below fits.
    public init(
        _ name: String, _ valueName: String, short: String? = nil, repeatable: Bool = false, help: String,
        resolve: @escaping @Sendable ([String]) throws(CLIError) -> Value
    ) {
        spec = OptionSpec(
            name: name, short: short, valueName: valueName, help: help, repeatable: repeatable,
            resolve: { texts, _ throws(CLIError) in try resolve(texts) })
    }

    /// An option whose value `resolve` makes from the texts given, adding any deprecation
    /// notes of their values to `warnings`: what the factories below build on.
    init(
        _ name: String, _ valueName: String, short: String?, repeatable: Bool = false, help: String,
        noting resolve: @escaping @Sendable ([String], inout [String]) throws(CLIError) -> Value
    ) {
        spec = OptionSpec(
            name: name, short: short, valueName: valueName, help: help, repeatable: repeatable,
            resolve: { texts, warnings throws(CLIError) in try resolve(texts, &warnings) })
    }

    /// This option, also accepted under the old spelling `name` (`--source` for `--api`) with a
    /// deprecation warning on stderr; help shows only the new one.
    public func deprecatedAlias(_ name: String) -> Option<Value> {
        var option = self
        option.spec.deprecatedNames.append(name)
        return option
    }

    /// This option, left out of help and the usage line but accepted; with `deprecation`, using
    /// it is warned about (`"use the SYMBOL argument"`).
    public func hidden(deprecation: String? = nil) -> Option<Value> {
        var option = self
        option.spec.hidden = true
        option.spec.deprecation = deprecation
        return option
    }

    /// A value option that must be given: absent, it is the usage error `missing --out FILE`.
    public static func required(
        _ name: String, _ valueName: String, short: String? = nil, help: String, parse: ValueParser<Value>
    ) -> Option<Value> {
        Option(name, valueName, short: short, help: help, noting: { texts, warnings throws(CLIError) in
            guard let text = texts.last else { throw .usage("missing \(name) \(valueName)") }
            return try parse.value(of: text, for: name, warnings: &warnings)
        })
    }

    /// A value option that is `fallback` when absent.
    public static func defaulted(
        _ name: String, _ valueName: String, short: String? = nil, default fallback: Value, help: String, parse: ValueParser<Value>
    ) -> Option<Value> {
        Option(name, valueName, short: short, help: help, noting: { texts, warnings throws(CLIError) in
            guard let text = texts.last else { return fallback }
            return try parse.value(of: text, for: name, warnings: &warnings)
        })
    }

    /// A value option that is nil when absent.
    public static func optional<Wrapped>(
        _ name: String, _ valueName: String, short: String? = nil, help: String, parse: ValueParser<Wrapped>
    ) -> Option<Value> where Value == Wrapped? {
        Option(name, valueName, short: short, help: help, noting: { texts, warnings throws(CLIError) in
            guard let text = texts.last else { return nil }
            return try parse.value(of: text, for: name, warnings: &warnings)
        })
    }

    /// A text option (a path, a name) that is nil when absent.
    public static func optional(_ name: String, _ valueName: String, short: String? = nil, help: String) -> Option<Value>
    where Value == String? {
        optional(name, valueName, short: short, help: help, parse: .text)
    }

    /// An option that may be given any number of times: every value, in order.
    public static func repeated<Element>(
        _ name: String, _ valueName: String, short: String? = nil, help: String, parse: ValueParser<Element>
    ) -> Option<Value> where Value == [Element] {
        Option(name, valueName, short: short, repeatable: true, help: help, noting: { texts, warnings throws(CLIError) in
            var values: [Element] = []
            for text in texts { values.append(try parse.value(of: text, for: name, warnings: &warnings)) }
            return values
        })
    }

    /// A flag: true when given (any number of times), false when absent.
    public static func flag(_ name: String, short: String? = nil, help: String) -> Option<Value> where Value == Bool {
        Option(spec: OptionSpec(name: name, short: short, valueName: nil, help: help, repeatable: false) { texts, _ in !texts.isEmpty })
    }

    private init(spec: OptionSpec) {
        self.spec = spec
    }
}
