/// An exponential average of integers with smoothing factor `numerator / denominator`, seeded
/// with the plain mean of the first `period` inputs: `ExponentialMovingAverage` (2 / (n + 1))
/// and `AverageTrueRange` (Wilder's 1 / n) are this with their factor.
///
/// Fixed point: once seeded the state is the average times 2^20 in an `Int64`, and an update
/// adds `factor × (input × 2^20 - state)`, the division truncated. Each update's truncation is
/// below 2^-20 of a unit and the average shrinks every earlier error by `1 - factor`, so the
/// error never accumulates: it stays below `denominator / numerator` × 2^-20 of a unit (under
/// 0.005 of a unit for an EMA of period 10,000), and the value rounded to a unit is the exact
/// average's unless that lies within this of a half unit. Inputs must stay within ±2^41 units
/// ($219 million, far past `Price.maxAccepted`); beyond, the arithmetic traps.
@frozen @usableFromInline
struct ExponentialSmoothing: Sendable {
    /// One unit in the fixed-point state.
    @inlinable
    static var one: Int64 { 1 << 20 }

    /// How many inputs seed the average.
    @usableFromInline let period: Int64
    @usableFromInline let numerator: Int64
    @usableFromInline let denominator: Int64
    /// The inputs seen, up to `period`.
    @usableFromInline var count: Int64
    /// The sum of the inputs until `period` have been seen; then the average times `one`.
    @usableFromInline var state: Int64

    @usableFromInline
    init(period: Int, numerator: Int64, denominator: Int64) {
        self.period = Int64(period)
        self.numerator = numerator
        self.denominator = denominator
        count = 0
        state = 0
    }

    @inlinable
    var isReady: Bool { count == period }

    @inlinable
    mutating func update(_ input: Int64) {
        if count == period {
            state += (input * Self.one - state) * numerator / denominator
            return
        }
        state += input
        count += 1
        if count == period {
            let (quotient, remainder) = state.quotientAndRemainder(dividingBy: period)
            state = quotient * Self.one + remainder * Self.one / period
        }
    }

    /// The average rounded half away from zero to one unit; nil until seeded.
    @inlinable
    var value: Int64? {
        guard isReady else { return nil }
        return Price.divide(state, by: Self.one, rounding: .toNearestOrAwayFromZero)
    }
}
