import Synchronization
import WebSocket

/// How a WebSocket connection a handler accepted runs (see `HTTPResponse.webSocket`): its limits
/// and the handler's closures, all called on the event loop's thread, so they must not block.
/// One start may serve many connections (a route's every subscriber); it counts the slow readers
/// it dropped.
public final class WebSocketServerStart: Sendable, Equatable {
    /// The message size, send queue, ping interval and keep-alive deadline of each connection.
    public let limits: WebSocketLimits
    /// Called with the new connection, right after the 101 is queued.
    public let open: @Sendable (WebSocketConnection) -> Void
    /// Called with each whole message the client sent.
    public let message: @Sendable (WebSocketConnection, WebSocketMessage) -> Void
    /// Called once when the connection has ended: the close code (the peer's, or the one the
    /// loop sent: a protocol failure's, 1001 at the keep-alive deadline, 1008 to a slow reader;
    /// 1006 when the connection ended without either, or after the handle's own `close`) and
    /// reason.
    public let closed: @Sendable (WebSocketConnection, WebSocketCloseCode, String) -> Void
    private let dropped = Atomic<Int>(0)

    public init(
        limits: WebSocketLimits = WebSocketLimits(), open: @escaping @Sendable (WebSocketConnection) -> Void = { _ in },
        message: @escaping @Sendable (WebSocketConnection, WebSocketMessage) -> Void = { _, _ in },
        closed: @escaping @Sendable (WebSocketConnection, WebSocketCloseCode, String) -> Void = { _, _, _ in }
    ) {
        self.limits = limits
        self.open = open
        self.message = message
        self.closed = closed
    }

    /// How many connections were dropped (closed with 1008, "slow reader") because their send
    /// queue passed `limits.sendBufferLimit`.
    public var slowReadersDropped: Int { dropped.load(ordering: .relaxed) }

    func countSlowReader() { dropped.add(1, ordering: .relaxed) }

    public static func == (lhs: WebSocketServerStart, rhs: WebSocketServerStart) -> Bool { lhs === rhs }
}
