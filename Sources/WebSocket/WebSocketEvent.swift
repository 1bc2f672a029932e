/// What the decoder yields: a whole message, or a control frame for the connection to act on.
public enum WebSocketEvent: Equatable, Sendable {
    /// A data message, its fragments assembled.
    case message(WebSocketMessage)
    /// A ping and its payload: answered with a pong carrying the same payload.
    case ping([UInt8])
    /// A pong and its payload.
    case pong([UInt8])
    /// The peer's close frame: its code (nil when the frame held none, 1005) and reason.
    case close(WebSocketCloseCode?, String)
}
