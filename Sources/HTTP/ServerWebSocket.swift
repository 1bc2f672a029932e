import WebSocket

/// What an event loop keeps of one of its WebSocket connections: the decoder of the client's
/// frames, the handler's start and handle, when the client last sent anything, and how the
/// connection ended, for the `closed` callback.
final class ServerWebSocket {
    var decoder: WebSocketDecoder
    let start: WebSocketServerStart
    let handle: WebSocketConnection
    /// When a byte last arrived from the client (monotonic nanoseconds).
    var lastReceived: UInt64
    /// The close code and reason the connection ended with; 1006 until a close frame is
    /// sent or received.
    var closeCode = WebSocketCloseCode.abnormal
    var closeReason = ""
    /// Whether a close frame was sent.
    var closeSent = false

    init(start: WebSocketServerStart, handle: WebSocketConnection, now: UInt64) {
        decoder = WebSocketDecoder(role: .server, maxMessageSize: start.limits.maxMessageSize)
        self.start = start
        self.handle = handle
        lastReceived = now
    }
}
