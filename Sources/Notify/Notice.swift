import StrategyKit

/// One thing an operator is told: what happened (`title`, one line), when, and the details
/// as ordered name-value pairs. Built on the engine's thread only for a kind some webhook wants,
/// and then it is the only allocation of the notice's path there.
public struct Notice: Sendable, Hashable {
    /// One detail of a notice.
    public struct Field: Sendable, Hashable {
        public var name: String
        public var value: String

        public init(_ name: String, _ value: String) {
            self.name = name
            self.value = value
        }
    }

    public var kind: NoticeKind
    public var time: Timestamp
    public var title: String
    public var fields: [Field]

    public init(_ kind: NoticeKind, at time: Timestamp, _ title: String, _ fields: [Field] = []) {
        self.kind = kind
        self.time = time
        self.title = title
        self.fields = fields
    }

    /// `title (name value, name value)`: the notice as one line of a chat message.
    public var line: String {
        guard !fields.isEmpty else { return title }
        return title + " (" + fields.map { "\($0.name) \($0.value)" }.joined(separator: ", ") + ")"
    }
}
