/// A token bucket: `ratePerSecond` tokens a second (or `count` a `period`: Alpaca's 200 a
/// minute), holding at most `burst`. Pure arithmetic over instants given by the caller, so it is
/// deterministic to test.
public struct TokenBucket: Sendable, Hashable {
    /// Tokens added a second.
    public let ratePerSecond: Double
    public let burst: Int
    /// Tokens available at `updated`; negative when callers have reserved tokens ahead.
    private var tokens: Double
    private var updated: ContinuousClock.Instant

    /// A full bucket at `now`.
    public init(ratePerSecond: Int, burst: Int, now: ContinuousClock.Instant) {
        self.init(count: ratePerSecond, per: .seconds(1), burst: burst, now: now)
    }

    /// A full bucket at `now` that gains `count` tokens every `period`.
    public init(count: Int, per period: Duration, burst: Int, now: ContinuousClock.Instant) {
        let seconds = period.seconds
        precondition(count > 0 && seconds > 0 && burst > 0, "a rate limit needs a positive rate and burst")
        self.ratePerSecond = Double(count) / seconds
        self.burst = burst
        self.tokens = Double(burst)
        self.updated = now
    }

    /// Takes one token at `now` and returns how long the caller must wait before using it
    /// (zero when one was available). Reservations queue fairly: each later caller waits longer.
    public mutating func reserve(now: ContinuousClock.Instant) -> Duration {
        refill(now: now)
        tokens -= 1
        guard tokens < 0 else { return .zero }
        return .seconds(-tokens / ratePerSecond)
    }

    /// Takes one token at `now` if a whole one is there, and says whether it did; a refusal
    /// takes nothing, so a caller that would rather skip a call than wait never runs ahead.
    public mutating func take(now: ContinuousClock.Instant) -> Bool {
        refill(now: now)
        guard tokens >= 1 else { return false }
        tokens -= 1
        return true
    }

    private mutating func refill(now: ContinuousClock.Instant) {
        guard now > updated else { return }
        let elapsed = now - updated
        tokens = min(Double(burst), tokens + elapsed.seconds * ratePerSecond)
        updated = now
    }
}
