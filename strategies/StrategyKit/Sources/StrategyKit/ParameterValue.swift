/// A parameter's value as configuration JSON carries it: an integer, a boolean or a string.
///
/// There is deliberately no floating-point case: prices are integer units (`Price(cents:)` reads a cent count), fractions are basis points.
public enum ParameterValue: Hashable, Sendable, Codable, CustomStringConvertible {
    case integer(Int64)
    case boolean(Bool)
    case string(String)

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let value = try? container.decode(Bool.self) {
            self = .boolean(value)
        } else if let value = try? container.decode(Int64.self) {
            self = .integer(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else {
            throw DecodingError.typeMismatch(
                ParameterValue.self,
                .init(codingPath: decoder.codingPath, debugDescription: "expected an integer, a boolean or a string"))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .integer(let value): try container.encode(value)
        case .boolean(let value): try container.encode(value)
        case .string(let value): try container.encode(value)
        }
    }

    /// The value as JSON would write it: `5`, `true`, `"text"`.
    public var description: String {
        switch self {
        case .integer(let value): return String(value)
        case .boolean(let value): return String(value)
        case .string(let value): return "\"\(value)\""
        }
    }

    /// The kind of this value.
    public var kind: ParameterKind {
        switch self {
        case .integer: return .integer
        case .boolean: return .boolean
        case .string: return .string
        }
    }
}

/// The type a parameter is declared with.
public enum ParameterKind: String, Hashable, Sendable, Codable {
    case integer
    case boolean
    case string
}
