import WebSocket

/// A `WebSocketClient`'s time-outs and limits.
public struct WebSocketClientConfiguration: Sendable {
    /// How long connecting may take, then again the TLS handshake, then the upgrade exchange.
    public var connectTimeout: Duration
    /// The message size, send queue, ping interval and keep-alive deadline.
    public var limits: WebSocketLimits
    /// How long, after sending a close frame, to wait for the server's before closing anyway.
    public var closeTimeout: Duration

    public init(connectTimeout: Duration = .seconds(5), limits: WebSocketLimits = WebSocketLimits(), closeTimeout: Duration = .seconds(2)) {
        self.connectTimeout = connectTimeout
        self.limits = limits
        self.closeTimeout = closeTimeout
    }
}
