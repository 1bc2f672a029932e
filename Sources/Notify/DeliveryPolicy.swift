/// How hard a notice is tried: each request within `timeout`, at most `attempts` of them, waiting
/// `firstBackoff` after the first failure and twice as long after each next one (at most
/// `maxBackoff`, or what a 429 or 503's `Retry-After` asks, up to `maxBackoff`).
public struct DeliveryPolicy: Sendable, Hashable {
    /// How many notices (or batches of fills) wait per webhook at most; past it the oldest goes.
    public var queueLimit: Int
    public var timeout: Duration
    public var attempts: Int
    public var firstBackoff: Duration
    public var maxBackoff: Duration

    public init(
        queueLimit: Int = 256, timeout: Duration = .seconds(5), attempts: Int = 5, firstBackoff: Duration = .seconds(1),
        maxBackoff: Duration = .seconds(60)
    ) {
        precondition(queueLimit > 0 && attempts > 0 && timeout > .zero, "a queue, an attempt and a time-out are needed")
        self.queueLimit = queueLimit
        self.timeout = timeout
        self.attempts = attempts
        self.firstBackoff = firstBackoff
        self.maxBackoff = maxBackoff
    }

    /// The wait before attempt `attempt + 1` (`attempt` from 1), or what `retryAfter` asks.
    func backoff(after attempt: Int, retryAfter: Duration?) -> Duration {
        if let retryAfter { return min(retryAfter, maxBackoff) }
        var wait = firstBackoff
        for _ in 1..<max(attempt, 1) where wait < maxBackoff { wait *= 2 }
        return min(wait, maxBackoff)
    }
}
