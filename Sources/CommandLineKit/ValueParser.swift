/// How the text given for an option or a positional argument becomes a typed value. Every
/// parser runs before the command does, so `run` sees only values that parsed.
public struct ValueParser<Value: Sendable>: Sendable {
    /// The value `text` stands for, or what was expected instead.
    public let parse: @Sendable (String) throws(ValueError) -> Value

    public init(_ parse: @escaping @Sendable (String) throws(ValueError) -> Value) {
        self.parse = parse
    }

    /// The value of `text` given for `name` (`--interval`, `QTY`); a text that does not parse is a
    /// usage error naming `name`, what it takes and the text.
    func value(of text: String, for name: String) throws(CLIError) -> Value {
        do {
            return try parse(text)
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
