/// Size limits a decoder enforces on one message.
public struct HTTPLimits: Sendable, Equatable {
    /// Most bytes allowed for the start line and header fields together (16 KiB by default);
    /// a request past it is answered 431.
    public var maxHeadBytes: Int
    /// Most bytes allowed for the body (64 KiB by default); a request past it is answered 413.
    /// A chunked body's chunk extensions and trailer section count against it with its data
    /// (past it: 413 for extensions, 431 for trailers).
    public var maxBodyBytes: Int

    /// Limits of these sizes.
    public init(maxHeadBytes: Int = 16 * 1024, maxBodyBytes: Int = 64 * 1024) {
        precondition(maxHeadBytes > 0 && maxBodyBytes >= 0, "HTTP limits must be positive")
        self.maxHeadBytes = maxHeadBytes
        self.maxBodyBytes = maxBodyBytes
    }
}
