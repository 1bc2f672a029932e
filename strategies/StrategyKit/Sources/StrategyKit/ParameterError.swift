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

    /// The parameter at fault.
    public var parameterName: String {
        switch self {
        case .unknown(let name, _), .wrongType(let name, _, _), .outOfRange(let name, _, _),
             .notAChoice(let name, _, _), .undeclared(let name, _), .unparsable(let name, _, _):
            return name
        }
    }

    /// What is wrong with it, and the bad value.
    public var problem: String {
        switch self {
        case .unknown(_, let known):
            return "unknown parameter (known: \(known.isEmpty ? "none" : known.joined(separator: ", ")))"
        case .wrongType(_, let expected, let got):
            return "expected \(expected.article) \(expected.rawValue), got \(got)"
        case .outOfRange(_, let value, let range):
            return "expected an integer in \(range.lowerBound)...\(range.upperBound), got \(value)"
        case .notAChoice(_, let value, let choices):
            return "expected one of \(choices.joined(separator: ", ")), got \"\(value)\""
        case .undeclared(_, let kind):
            return "no \(kind.rawValue) parameter of that name is declared"
        case .unparsable(_, let text, let expected):
            return "expected \(expected.article) \(expected.rawValue), got \"\(text)\""
        }
    }

    /// `name: problem`.
    public var description: String { "\(parameterName): \(problem)" }
}

extension ParameterKind {
    fileprivate var article: String { self == .integer ? "an" : "a" }
}
