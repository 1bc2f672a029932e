/// Why a strategy's parameters were refused. Each case names the parameter and the bad value.
public enum ParameterError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The configuration sets a parameter the strategy does not declare.
    case unknown(name: String, known: [String])
    /// The value has the wrong JSON type.
    case wrongType(name: String, expected: ParameterKind, got: ParameterValue)
    /// An integer outside the declared range.
    case outOfRange(name: String, value: Int64, range: ClosedRange<Int64>)
    /// A string that is not one of the declared choices.
    case notAChoice(name: String, value: String, choices: [String])
    /// A strategy read a parameter it never declared, or as the wrong type (a bug in the strategy).
    case undeclared(name: String, kind: ParameterKind)
    /// A `key=value` text could not be read as the declared type.
    case unparsable(name: String, text: String, expected: ParameterKind)

    public var description: String {
        switch self {
        case .unknown(let name, let known):
            return "\(name): unknown parameter (known: \(known.isEmpty ? "none" : known.joined(separator: ", ")))"
        case .wrongType(let name, let expected, let got):
            return "\(name): expected \(expected == .integer ? "an" : "a") \(expected.rawValue), got \(got)"
        case .outOfRange(let name, let value, let range):
            return "\(name): expected an integer in \(range.lowerBound)...\(range.upperBound), got \(value)"
        case .notAChoice(let name, let value, let choices):
            return "\(name): expected one of \(choices.joined(separator: ", ")), got \"\(value)\""
        case .undeclared(let name, let kind):
            return "\(name): no \(kind.rawValue) parameter of that name is declared"
        case .unparsable(let name, let text, let expected):
            return "\(name): expected \(expected == .integer ? "an" : "a") \(expected.rawValue), got \"\(text)\""
        }
    }
}
