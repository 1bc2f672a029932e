/// One accepted connection's buffers and state, owned by a single event loop.
final class ServerConnection {
    enum Phase {
        /// Reading requests and writing responses.
        case serving
        /// The last response is queued; after it is written the write side is shut down.
        case closingAfterWrite
        /// The write side is shut down; input is read and dropped until the peer closes, so that
        /// unread input does not make the kernel reset the connection before the peer has read
        /// our last response.
        case draining(since: UInt64)
        /// Holding a streamed response: `stream`'s bytes are written as they come; input is
        /// read only to notice the peer closing.
        case streaming
        case closed
    }

    let fd: Int32
    /// The connection's place in the server's connection caps.
    let ticket: ConnectionTicket
    var phase = Phase.serving
    var input: [UInt8] = []
    /// Where undecoded input starts.
    var inputStart = 0
    var decoder: HTTPRequestDecoder
    var output: [UInt8] = []
    /// How much of `output` is written.
    var outputWritten = 0
    /// Whether the loop is waiting for the socket to become writable (rather than readable).
    var awaitingWritable = false
    var lastActivity: UInt64
    /// Whether `100 Continue` was sent for the request now being received.
    var sentContinue = false
    /// When the first byte of the request now being received arrived.
    var requestStarted: UInt64 = 0
    /// The held response's stream and how it starts, while `phase` is `streaming`.
    var stream: (handle: HTTPStream, start: HTTPStreamStart)?
    /// Who connected, handed to the handler with each request.
    var peer: HTTPPeer?
    /// The WebSocket the connection was upgraded to (while `phase` is `streaming`).
    var webSocket: ServerWebSocket?

    init(fd: Int32, ticket: ConnectionTicket, limits: HTTPLimits, now: UInt64) {
        self.fd = fd
        self.ticket = ticket
        self.decoder = HTTPRequestDecoder(limits: limits)
        self.lastActivity = now
        input.reserveCapacity(4096)
        output.reserveCapacity(4096)
    }

    var hasPendingOutput: Bool { outputWritten < output.count }
    var hasUndecodedInput: Bool { inputStart < input.count }
    /// Whether part of a request has arrived: bytes not yet decoded, or a head whose body is
    /// still arriving.
    var isReceivingRequest: Bool { hasUndecodedInput || decoder.hasPartialRequest }

    /// Drops decoded input so the buffer does not grow with the connection's lifetime.
    func compactInput() {
        if inputStart == input.count {
            input.removeAll(keepingCapacity: true)
            inputStart = 0
        } else if inputStart > 16 * 1024 {
            input.removeFirst(inputStart)
            inputStart = 0
        }
    }
}
