import StrategyKit
import Synchronization
import Wire

/// Token-bucket rate limits per venue, shared by every caller holding the same limiter (an
/// invoker, and so every user of one client). Calls not aimed at a venue share one bucket.
/// It adds up the waits it asks for, so that a caller can tell how much of its time the rate
/// budget took, and counts the requests it granted.
public final class RateLimiter: Sendable {
    /// Requests a `period` per venue.
    public let count: Int
    public let period: Duration
    /// Requests allowed at once after a quiet spell.
    public let burst: Int
    private let buckets = Mutex<[Venue?: TokenBucket]>([:])
    private let waits = Mutex<Duration>(.zero)
    private let granted = Mutex<Int>(0)
    private let now: @Sendable () -> ContinuousClock.Instant

    /// A limiter allowing `ratePerSecond` requests a second per venue, bursts of `burst`.
    public convenience init(ratePerSecond: Int, burst: Int, now: @escaping @Sendable () -> ContinuousClock.Instant = { .now }) {
        self.init(count: ratePerSecond, per: .seconds(1), burst: burst, now: now)
    }

    /// A limiter allowing `count` requests every `period` per venue (Alpaca: 200 a minute),
    /// bursts of `burst`, its buckets refilled by the time `now` tells (a test's frozen clock
    /// makes the waits exact).
    public init(count: Int, per period: Duration, burst: Int, now: @escaping @Sendable () -> ContinuousClock.Instant = { .now }) {
        precondition(count > 0 && period > .zero && burst > 0, "a rate limit needs a positive rate and burst")
        self.count = count
        self.period = period
        self.burst = burst
        self.now = now
    }

    /// The waits handed out so far, added up: the time callers spent held by the budget.
    public var waited: Duration { waits.withLock { $0 } }

    /// The requests granted so far, every venue's together.
    public var acquisitions: Int { granted.withLock { $0 } }

    /// Waits until `venue`'s bucket grants a request. Returns early, without waiting out the
    /// reservation, if the task is cancelled.
    public func acquire(_ venue: Venue?) async {
        let wait = reserve(venue, now: now())
        guard wait > .zero else { return }
        // Cancellation only shortens the wait; the caller sees it at its next suspension point.
        try? await Task.sleep(for: wait)
    }

    /// Takes a token from `venue`'s bucket at `now` and returns the wait before using it.
    func reserve(_ venue: Venue?, now: ContinuousClock.Instant) -> Duration {
        buckets.withLock { buckets in
            var bucket = buckets[venue] ?? TokenBucket(count: count, per: period, burst: burst, now: now)
            let wait = bucket.reserve(now: now)
            buckets[venue] = bucket
            granted.withLock { $0 += 1 }
            if wait > .zero { waits.withLock { $0 += wait } }
            return wait
        }
    }
}
