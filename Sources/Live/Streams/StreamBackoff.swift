/// The waits between a stream's connection attempts: `initial` doubled for every failure since
/// the last `reset` (a connection trusted), never past `maximum`, each moved at random by up to
/// `jitterPercent` either way.
public struct StreamBackoff {
    let initial: Duration
    let maximum: Duration
    let jitterPercent: Int64
    /// The failures since the last reset.
    private(set) var failures = 0

    public init(initial: Duration, maximum: Duration, jitterPercent: Int64) {
        self.initial = initial
        self.maximum = max(maximum, initial)
        self.jitterPercent = min(max(jitterPercent, 0), 100)
    }

    /// The wait before the next attempt, counting one more failure; `random` gives a number in
    /// the range it is asked for.
    public mutating func next(random: (ClosedRange<Int64>) -> Int64) -> Duration {
        var base = initial
        for _ in 0..<failures where base < maximum { base *= 2 }
        let nanoseconds = Self.nanoseconds(min(base, maximum))
        failures += 1
        let spread = nanoseconds / 100 * jitterPercent
        return .nanoseconds(nanoseconds + random(-spread...spread))
    }

    /// A trusted connection: the next failure waits `initial` again.
    public mutating func reset() { failures = 0 }

    private static func nanoseconds(_ duration: Duration) -> Int64 {
        let (seconds, attoseconds) = duration.components
        return seconds * 1_000_000_000 + attoseconds / 1_000_000_000
    }
}
