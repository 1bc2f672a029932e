/// What a stream session answers one event with: the messages to send, in order (each one
/// frame's bytes), and whether to close the connection after them.
public struct StreamReply: Equatable, Sendable {
    public var messages: [[UInt8]]
    public var close: Bool

    public init(messages: [[UInt8]] = [], close: Bool = false) {
        self.messages = messages
        self.close = close
    }
}
