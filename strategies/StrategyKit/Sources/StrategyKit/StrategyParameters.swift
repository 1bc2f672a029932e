/// A strategy's parameter values, checked against its declared schema: every declared
/// parameter has a value of its type within its range (the default where none was given).
///
/// `@frozen`, as part of `StrategyContext`'s fixed layout: its stored properties are part of the
/// SDK 4.x ABI; none may be added, removed or reordered before SDK 5.0.
@frozen
public struct StrategyParameters: Hashable, Sendable {
    /// The declarations, in the plugin's order.
    public let schema: [ParameterSpec]
    /// The validated values by name.
    public let values: [String: ParameterValue]

    /// Validates `values` against `schema`, filling in defaults.
    public init(schema: [ParameterSpec], values given: [String: ParameterValue] = [:]) throws(ParameterError) {
        var values: [String: ParameterValue] = [:]
        for spec in schema {
            let value = given[spec.name] ?? spec.defaultValue
            try spec.validate(value)
            values[spec.name] = value
        }
        for name in given.keys.sorted() where values[name] == nil {
            throw .unknown(name: name, known: schema.map(\.name))
        }
        self.schema = schema
        self.values = values
    }

    /// Parses `key=value` texts (as given on a command line) by each parameter's declared type,
    /// then validates them like `init(schema:values:)`.
    public init(schema: [ParameterSpec], texts: [String: String]) throws(ParameterError) {
        var values: [String: ParameterValue] = [:]
        for (name, text) in texts {
            guard let spec = schema.first(where: { $0.name == name }) else {
                throw .unknown(name: name, known: schema.map(\.name))
            }
            switch spec.kind {
            case .integer:
                guard let number = Int64(text) else { throw .unparsable(name: name, text: text, expected: .integer) }
                values[name] = .integer(number)
            case .boolean:
                guard let flag = Bool(text) else { throw .unparsable(name: name, text: text, expected: .boolean) }
                values[name] = .boolean(flag)
            case .string:
                values[name] = .string(text)
            }
        }
        try self.init(schema: schema, values: values)
    }

    /// The integer parameter `name`.
    public func integer(_ name: String) throws(ParameterError) -> Int64 {
        guard case .integer(let value)? = values[name] else { throw .undeclared(name: name, kind: .integer) }
        return value
    }

    /// The boolean parameter `name`.
    public func boolean(_ name: String) throws(ParameterError) -> Bool {
        guard case .boolean(let value)? = values[name] else { throw .undeclared(name: name, kind: .boolean) }
        return value
    }

    /// The string parameter `name`.
    public func string(_ name: String) throws(ParameterError) -> String {
        guard case .string(let value)? = values[name] else { throw .undeclared(name: name, kind: .string) }
        return value
    }
}
