import Lifecycle

/// Time-outs and limits of an `HTTPClientConnection`.
public struct HTTPClientConfiguration: Sendable {
    /// How long establishing a TCP connection may take, and then again its TLS handshake (5 s
    /// by default).
    public var connectTimeout: Duration
    /// How long one request may take from the first byte sent to the last byte of its response
    /// received (10 s by default), so that a server dripping bytes cannot hold a caller forever.
    public var responseTimeout: Duration
    /// Limits on a response's head and body (64 KiB and 16 MiB by default).
    public var limits: HTTPLimits
    /// How long to check for the response without sleeping before waiting for it (50 µs by
    /// default; zero never spins), yielding the processor between checks: a loopback server
    /// usually answers sooner than a sleeping thread wakes, and against a remote server the spin
    /// costs at most this much CPU per request.
    public var busyPollInterval: Duration

    /// A configuration; every parameter has the default described on its property.
    public init(
        connectTimeout: Duration = .seconds(5), responseTimeout: Duration = .seconds(10),
        limits: HTTPLimits = HTTPLimits(maxHeadBytes: 64 * 1024, maxBodyBytes: 16 * 1024 * 1024),
        busyPollInterval: Duration = .microseconds(50)
    ) {
        precondition(connectTimeout > .zero && responseTimeout > .zero, "time-outs must be positive")
        self.connectTimeout = connectTimeout
        self.responseTimeout = responseTimeout
        self.limits = limits
        self.busyPollInterval = busyPollInterval
    }
}

extension Duration {
    /// The duration in whole nanoseconds (negative durations give 0).
    var nanoseconds: UInt64 { MonotonicClock.nanoseconds(of: self) }
}
