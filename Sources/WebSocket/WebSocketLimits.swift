/// The limits and timers of one WebSocket connection, client or server.
public struct WebSocketLimits: Sendable, Equatable {
    /// The largest message taken in, across its fragments (refused with 1009).
    public var maxMessageSize: Int
    /// The most bytes of outgoing frames that may wait for the socket; a sender past it ends the
    /// connection (on a server: the slow reader is dropped with 1008).
    public var sendBufferLimit: Int
    /// How often a ping is sent while the connection is open.
    public var pingInterval: Duration
    /// How long the peer may send nothing (no frame, no pong) before the connection is closed.
    public var keepAliveTimeout: Duration

    /// Limits; by default 1 MiB messages, 4 MiB queued, a ping every 20 s, 60 s of silence.
    public init(
        maxMessageSize: Int = 1 << 20, sendBufferLimit: Int = 4 << 20, pingInterval: Duration = .seconds(20),
        keepAliveTimeout: Duration = .seconds(60)
    ) {
        precondition(maxMessageSize > 0 && sendBufferLimit > 0, "WebSocket limits must be positive")
        precondition(pingInterval > .zero && keepAliveTimeout > .zero, "WebSocket timers must be positive")
        self.maxMessageSize = maxMessageSize
        self.sendBufferLimit = sendBufferLimit
        self.pingInterval = pingInterval
        self.keepAliveTimeout = keepAliveTimeout
    }
}
