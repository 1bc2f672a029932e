import Wire

/// A latency histogram in seconds with fixed upper bounds, as Prometheus exposes one: a count
/// per bucket (not cumulative here; the exposition adds them up), the sum and the count.
public struct MonitorHistogram: Hashable, Sendable {
    /// The buckets' inclusive upper bounds in seconds, ascending; `+Inf` is implied.
    public let bounds: [Double]
    /// Observations per bucket: `counts[i]` for `bounds[i]`, the last one past every bound.
    public private(set) var counts: [UInt64]
    /// The sum of every observation, in seconds.
    public private(set) var sum: Double = 0
    /// How many observations there were.
    public private(set) var count: UInt64 = 0

    /// An empty histogram with `bounds` (ascending seconds).
    public init(bounds: [Double]) {
        precondition(zip(bounds, bounds.dropFirst()).allSatisfy { $0 < $1 }, "histogram bounds must ascend")
        self.bounds = bounds
        counts = Array(repeating: 0, count: bounds.count + 1)
    }

    /// Bounds from 10 µs to 10 s for the engine's own work (decision, ledger sync).
    public static let engineBounds: [Double] = [0.00001, 0.00005, 0.0001, 0.0005, 0.001, 0.005, 0.01, 0.05, 0.1, 1, 10]
    /// Bounds from 1 ms to 30 s for calls to the exchange (polls, placements).
    public static let exchangeBounds: [Double] = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30]

    /// Counts one observation of `duration`.
    public mutating func observe(_ duration: Duration) {
        let seconds = duration.seconds
        var index = 0
        while index < bounds.count, seconds > bounds[index] {
            index += 1
        }
        counts[index] += 1
        sum += seconds
        count += 1
    }
}
