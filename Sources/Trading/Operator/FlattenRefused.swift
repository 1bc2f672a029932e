/// Why the engine will not start a flatten (the account is halted, so no closing order of a
/// strategy could pass the risk checker).
public struct FlattenRefused: Error, Sendable, CustomStringConvertible {
    public let reason: String

    public var description: String { reason }
}
