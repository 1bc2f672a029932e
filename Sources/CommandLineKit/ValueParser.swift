/// How the text given for an option or a positional argument becomes a typed value. Every
/// parser runs before the command does, so `run` sees only values that parsed.
public struct ValueParser<Value: Sendable>: Sendable {
    /// The value `text` stands for and, for a form still accepted but deprecated, what to say
    /// about it; or what was expected instead.
    let parseNoting: @Sendable (String) throws(ValueError) -> (Value, deprecation: String?)

    public init(_ parse: @escaping @Sendable (String) throws(ValueError) -> Value) {
        parseNoting = { text throws(ValueError) in (try parse(text), nil) }
    }

    /// A parser that also accepts old forms of a value (`5` for `5s`), saying for each what to
    /// write instead; the parser puts the note on the invocation's `warnings`.
    public init(noting parse: @escaping @Sendable (String) throws(ValueError) -> (Value, deprecation: String?)) {
        parseNoting = parse
    }

    /// The value `text` stands for, or what was expected instead (any deprecation dropped).
    public func parse(_ text: String) throws(ValueError) -> Value {
        try parseNoting(text).0
    }

    /// The value of `text` given for `name` (`--interval`, `QTY`), a deprecation note added to
    /// `warnings`; a text that does not parse is a usage error naming `name`, what it takes and
    /// the text.
    func value(of text: String, for name: String, warnings: inout [String]) throws(CLIError) -> Value {
        do {
            let (value, deprecation) = try parseNoting(text)
            if let deprecation { warnings.append("\(name) \(text): \(deprecation)") }
            return value
        } catch {
            switch error {
            case .expected(let expected): throw .usage("\(name): expected \(expected), got \"\(text)\"")
            }
        }
    }
}

extension ValueParser where Value == String {
    /// The text itself (a path, a name).
    public static var text: ValueParser<String> { ValueParser { $0 } }
}

extension ValueParser where Value == Int64 {
    /// A decimal integer in `range`.
    public static func integer(in range: ClosedRange<Int64>) -> ValueParser<Int64> {
        ValueParser { text throws(ValueError) in
            guard let number = Int64(text), range.contains(number) else {
                throw .expected("an integer in \(range.lowerBound)...\(range.upperBound)")
            }
            return number
        }
    }
}

extension ValueParser where Value: RawRepresentable, Value.RawValue == String {
    /// One of `Value`'s raw values; `expected` lists them for the error ("text or json").
    public static func oneOf(_ expected: String) -> ValueParser<Value> {
        ValueParser { text throws(ValueError) in
            guard let value = Value(rawValue: text) else { throw .expected(expected) }
            return value
        }
    }
}

extension ValueParser {
    /// This parser, also taking `old` forms that `convert` reads (nil: not an old form either),
    /// each with the note `deprecation` (`"say 5s; a bare number is seconds for one more release"`).
    public func accepting(
        old convert: @escaping @Sendable (String) -> Value?, deprecation: String
    ) -> ValueParser<Value> {
        let parser = self
        return ValueParser(noting: { text throws(ValueError) in
            do throws(ValueError) {
                return try parser.parseNoting(text)
            } catch {
                guard let value = convert(text) else { throw error }
                return (value, deprecation)
            }
        })
    }
}
