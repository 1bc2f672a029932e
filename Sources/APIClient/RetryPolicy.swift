/// How an API client's invoker times out and retries calls that may be repeated safely (everything but
/// placing an order).
///
/// A retryable call is attempted at most `maxAttempts` times, and no new attempt starts if its
/// back-off would end after `totalBudget` from the first attempt's start.
public struct RetryPolicy: Sendable, Hashable {
    /// The time one attempt may take, from connecting to the last byte of the response.
    public var attemptTimeout: Duration
    /// Attempts in all, including the first; at least 1.
    public var maxAttempts: Int
    /// The back-off before the second attempt; doubles for each later one.
    public var initialBackoff: Duration
    /// The longest back-off.
    public var maxBackoff: Duration
    /// The time all attempts of one call may span.
    public var totalBudget: Duration

    public init(
        attemptTimeout: Duration = .seconds(5), maxAttempts: Int = 4, initialBackoff: Duration = .milliseconds(100),
        maxBackoff: Duration = .seconds(2), totalBudget: Duration = .seconds(20)
    ) {
        precondition(maxAttempts >= 1, "a call needs at least one attempt")
        self.attemptTimeout = attemptTimeout
        self.maxAttempts = maxAttempts
        self.initialBackoff = initialBackoff
        self.maxBackoff = maxBackoff
        self.totalBudget = totalBudget
    }

    /// The default: 5 s per attempt, 4 attempts, back-off from 100 ms doubling to 2 s, 20 s in all.
    public static let standard = RetryPolicy()

    /// The wait after failed attempt `attempt` (1-based): `initialBackoff × 2^(attempt-1)`
    /// capped at `maxBackoff`, scaled into [50 %, 100 %) by `jitter` in [0, 1) so that clients
    /// failing together do not retry together.
    public func backoff(afterAttempt attempt: Int, jitter: Double) -> Duration {
        precondition(attempt >= 1 && (0..<1).contains(jitter), "attempt counts from 1, jitter is in [0, 1)")
        var wait = initialBackoff
        for _ in 1..<min(attempt, 32) where wait < maxBackoff { wait *= 2 }
        wait = min(wait, maxBackoff)
        return wait * (0.5 + jitter / 2)
    }
}
