/// How an `HTTPServer` listens, what it accepts, and how it answers bad requests.
public struct HTTPServerConfiguration: Sendable {
    /// The address to listen on; `127.0.0.1` and port 0 (any free port) by default.
    public var address: HTTPAddress
    /// Limits on each request; a request past them is answered 431 or 413 and the connection
    /// closed.
    public var limits: HTTPLimits
    /// How long a connection may make no progress (a half-sent request, an idle keep-alive
    /// connection, a client that does not read its response) before the server closes it. A
    /// connection holding a partial request is sent a 408 first.
    public var idleTimeout: Duration
    /// How long one request may take to arrive in full, however steadily its bytes trickle in
    /// (60 s by default); past it the client is sent a 408 and the connection is closed.
    public var requestTimeout: Duration
    /// How long one request's head (its request line and header fields) may take to arrive from
    /// its first byte (10 s by default); past it the client is sent a 408 and the connection is
    /// closed. A head is small, and sent at once by every real client: one that trickles it holds
    /// a connection for nothing (a body may take up to `requestTimeout`).
    public var headerTimeout: Duration
    /// How long an event loop keeps checking its sockets without sleeping after it last had work
    /// (50 µs by default; zero never spins), yielding the processor between checks so that it
    /// never keeps other runnable threads waiting. Waking a sleeping thread costs more than a
    /// loopback request, so on idle cores a short spin triples the rate of back-to-back requests
    /// on one connection, at the price of at most this much CPU after each burst of requests.
    public var busyPollInterval: Duration
    /// How long an event loop keeps checking without sleeping after work while at most four of
    /// its connections have been active within this interval (zero by default: never longer than
    /// `busyPollInterval`). A loopback exchange that a trading loop polls and then orders from
    /// sets a few milliseconds, so that the loop's next request finds it awake; busy servers with
    /// many clients still watch only `busyPollInterval` (see `BusyPoll`).
    public var fewClientsPollInterval: Duration = .zero
    /// The number of event-loop threads; the handler runs on them, so it is called concurrently
    /// from up to this many threads.
    public var eventLoopCount: Int
    /// The most connections served at once, across all event loops (4,096 by default). A
    /// connection past it closes the one idle longest to make room, or with none idle the one
    /// whose unfinished request began first, or, with neither, is closed as soon as it is
    /// accepted.
    public var maxConnections: Int
    /// The most connections served at once from one client IP address (512 by default). A
    /// connection past it closes that address's connection idle longest (or with none idle its
    /// oldest unfinished request), or, with neither, is closed as soon as it is accepted: a
    /// client hoarding connections loses its own oldest, and others are still served.
    public var maxConnectionsPerAddress: Int
    /// Builds the response for a request the server refuses before the handler sees it (status
    /// 400, 408, 413, 431, 501 or 505, and a sentence saying why). Plain text by default.
    public var errorResponse: @Sendable (_ status: Int, _ reason: String) -> HTTPResponse

    /// A configuration; every parameter has the default described on its property.
    public init(
        address: HTTPAddress = HTTPAddress(host: "127.0.0.1", port: 0), limits: HTTPLimits = HTTPLimits(),
        idleTimeout: Duration = .seconds(30), requestTimeout: Duration = .seconds(60), headerTimeout: Duration = .seconds(10),
        busyPollInterval: Duration = .microseconds(50), eventLoopCount: Int = 1, maxConnections: Int = 4096,
        maxConnectionsPerAddress: Int = 512,
        errorResponse: @escaping @Sendable (_ status: Int, _ reason: String) -> HTTPResponse = { status, reason in
            HTTPResponse(status: status, contentType: "text/plain; charset=utf-8", text: reason + "\n")
        }
    ) {
        precondition(eventLoopCount >= 1, "an HTTP server needs at least one event loop")
        precondition(idleTimeout > .zero && requestTimeout > .zero && headerTimeout > .zero, "time-outs must be positive")
        precondition(maxConnections >= 1 && maxConnectionsPerAddress >= 1, "connection caps must be positive")
        self.address = address
        self.limits = limits
        self.idleTimeout = idleTimeout
        self.requestTimeout = requestTimeout
        self.headerTimeout = headerTimeout
        self.busyPollInterval = busyPollInterval
        self.eventLoopCount = eventLoopCount
        self.maxConnections = maxConnections
        self.maxConnectionsPerAddress = maxConnectionsPerAddress
        self.errorResponse = errorResponse
    }
}
