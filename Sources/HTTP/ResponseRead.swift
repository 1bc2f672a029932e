/// A response being read on a client connection: the decoder's state, where the bytes it has
/// not taken in start in the connection's buffer, and the request's method and deadline. Kept
/// between two calls when an inline request hands the rest of its read to another thread.
struct ResponseRead: Sendable {
    var decoder: HTTPResponseDecoder
    var start = 0
    var endOfStream = false
    let method: String
    /// The monotonic time, in nanoseconds, by which the whole response must have come.
    let deadline: UInt64

    init(method: String, deadline: UInt64, limits: HTTPLimits) {
        decoder = HTTPResponseDecoder(limits: limits)
        self.method = method
        self.deadline = deadline
    }
}
