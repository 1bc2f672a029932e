/// How a held response starts (see `HTTPResponse.streaming`): the stream's limits and the
/// handler's closure that takes the stream once the head is queued.
public final class HTTPStreamStart: Sendable, Equatable {
    /// The most bytes that may wait to be written before the client is dropped.
    public let bufferLimit: Int
    /// How long the stream may write nothing before `heartbeat` is written (so that proxies
    /// and the client do not take the quiet connection for a dead one).
    public let heartbeatInterval: Duration
    /// Bytes that mean nothing to the client, e.g. an SSE comment line `":\n"`.
    public let heartbeat: [UInt8]
    /// Called on the event loop's thread with the new stream, right after the head is queued.
    public let open: @Sendable (HTTPStream) -> Void

    public init(bufferLimit: Int, heartbeatInterval: Duration, heartbeat: [UInt8], open: @escaping @Sendable (HTTPStream) -> Void) {
        precondition(bufferLimit > 0 && heartbeatInterval > .zero, "a stream needs a buffer and a heartbeat interval")
        self.bufferLimit = bufferLimit
        self.heartbeatInterval = heartbeatInterval
        self.heartbeat = heartbeat
        self.open = open
    }

    public static func == (lhs: HTTPStreamStart, rhs: HTTPStreamStart) -> Bool { lhs === rhs }
}
