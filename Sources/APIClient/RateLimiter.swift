import StrategyKit
import Synchronization
import Wire

/// Token-bucket rate limits per venue, shared by every caller holding the same limiter (an
/// invoker, and so every user of one client). Calls not aimed at a venue share one bucket.
public final class RateLimiter: Sendable {
    /// Requests per second per venue.
    public let ratePerSecond: Int
    /// Requests allowed at once after a quiet spell.
    public let burst: Int
    private let buckets = Mutex<[Venue?: TokenBucket]>([:])

    /// A limiter allowing `ratePerSecond` requests a second per venue, bursts of `burst`.
    public init(ratePerSecond: Int, burst: Int) {
        precondition(ratePerSecond > 0 && burst > 0, "a rate limit needs a positive rate and burst")
        self.ratePerSecond = ratePerSecond
        self.burst = burst
    }

    /// Waits until `venue`'s bucket grants a request. Returns early, without waiting out the
    /// reservation, if the task is cancelled.
    public func acquire(_ venue: Venue?) async {
        let wait = reserve(venue, now: .now)
        guard wait > .zero else { return }
        // Cancellation only shortens the wait; the caller sees it at its next suspension point.
        try? await Task.sleep(for: wait)
    }

    /// Takes a token from `venue`'s bucket at `now` and returns the wait before using it.
    func reserve(_ venue: Venue?, now: ContinuousClock.Instant) -> Duration {
        buckets.withLock { buckets in
            var bucket = buckets[venue] ?? TokenBucket(ratePerSecond: ratePerSecond, burst: burst, now: now)
            let wait = bucket.reserve(now: now)
            buckets[venue] = bucket
            return wait
        }
    }
}
