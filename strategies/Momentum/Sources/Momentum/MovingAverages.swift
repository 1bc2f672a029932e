import StrategyKit

/// Simple moving averages of the last `fastCount` and the last `slowCount` prices, kept as
/// integer sums of cents over one ring of samples; averages are fixed point in thousandths of
/// a cent. No floating point anywhere.
struct MovingAverages: Sendable {
    /// Fixed-point units per cent of the averages.
    static let scale: Int64 = 1_000

    let fastCount: Int
    let slowCount: Int
    private var samples: [Int64]
    private var next = 0
    private(set) var count = 0
    private var fastSum: Int64 = 0
    private var slowSum: Int64 = 0

    /// Empty averages over windows of `fastCount` < `slowCount` samples.
    init(fastCount: Int, slowCount: Int) {
        precondition(fastCount >= 1 && fastCount < slowCount, "the fast window is shorter than the slow one")
        self.fastCount = fastCount
        self.slowCount = slowCount
        samples = Array(repeating: 0, count: slowCount)
    }

    /// Whether the slow window is full, so that both averages are defined.
    var isReady: Bool { count == slowCount }

    /// The average of the last `fastCount` prices, in thousandths of a cent; once `isReady`.
    var fast: Int64 {
        precondition(isReady, "averages are read once the slow window is full")
        return fastSum * Self.scale / Int64(fastCount)
    }

    /// The average of the last `slowCount` prices, in thousandths of a cent; once `isReady`.
    var slow: Int64 {
        precondition(isReady, "averages are read once the slow window is full")
        return slowSum * Self.scale / Int64(slowCount)
    }

    /// Adds the newest price; the oldest leaves each window that is full.
    mutating func add(_ price: Price) {
        if count >= fastCount {
            fastSum -= samples[(next - fastCount + slowCount) % slowCount]
        }
        if count == slowCount {
            slowSum -= samples[next]
        } else {
            count += 1
        }
        // The micro-price is on the cent grid (`Touch.microPrice`), so this is exact.
        let cents = price.cents(rounded: .towardZero)
        samples[next] = cents
        fastSum += cents
        slowSum += cents
        next = (next + 1) % slowCount
    }
}
