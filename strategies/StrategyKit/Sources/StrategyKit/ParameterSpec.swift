/// The declaration of one strategy parameter: its name, type, default, allowed values and a
/// one-line help text. A plugin's descriptor lists one per parameter.
public struct ParameterSpec: Hashable, Sendable, Codable {
    public var name: String
    public var kind: ParameterKind
    public var defaultValue: ParameterValue
    /// For integers: the inclusive range allowed; nil allows any integer.
    public var range: ClosedRange<Int64>?
    /// For strings: the values allowed; nil allows any string.
    public var choices: [String]?
    /// One line saying what the parameter does and its unit.
    public var help: String

    /// An integer parameter within `range`.
    public static func integer(_ name: String, default value: Int64, range: ClosedRange<Int64>? = nil, help: String) -> ParameterSpec {
        ParameterSpec(name: name, kind: .integer, defaultValue: .integer(value), range: range, choices: nil, help: help)
    }

    /// A boolean parameter.
    public static func boolean(_ name: String, default value: Bool, help: String) -> ParameterSpec {
        ParameterSpec(name: name, kind: .boolean, defaultValue: .boolean(value), range: nil, choices: nil, help: help)
    }

    /// A string parameter, optionally one of `choices`.
    public static func string(_ name: String, default value: String, choices: [String]? = nil, help: String) -> ParameterSpec {
        ParameterSpec(name: name, kind: .string, defaultValue: .string(value), range: nil, choices: choices, help: help)
    }

    /// Checks `value` against this declaration.
    public func validate(_ value: ParameterValue) throws(ParameterError) {
        guard value.kind == kind else {
            throw .wrongType(name: name, expected: kind, got: value)
        }
        switch value {
        case .integer(let number):
            if let range, !range.contains(number) {
                throw .outOfRange(name: name, value: number, range: range)
            }
        case .string(let text):
            if let choices, !choices.contains(text) {
                throw .notAChoice(name: name, value: text, choices: choices)
            }
        case .boolean:
            break
        }
    }

    /// The allowed values in words: `1...100`, `any integer`, `one of a, b`.
    public var allowedDescription: String {
        switch kind {
        case .integer: return range.map { "\($0.lowerBound)...\($0.upperBound)" } ?? "any integer"
        case .boolean: return "true or false"
        case .string: return choices.map { "one of " + $0.joined(separator: ", ") } ?? "any string"
        }
    }
}
