/// The exponential moving average of prices with smoothing factor `2 / (period + 1)`, seeded,
/// as TA-Lib does, with the simple mean of the first `period` prices: `value` is nil until then.
///
/// ```swift
/// var fast = ExponentialMovingAverage(period: 12)
/// fast.update(close)
/// ```
///
/// The state is fixed point, the average times 2^20 in an `Int64`, so rounding never
/// accumulates; the bound on its error, and the price range it takes, are in
/// `ExponentialSmoothing`'s doc. `value` is rounded half away from zero to one unit. `@frozen`
/// and inlinable for the reason `SimpleMovingAverage` gives.
@frozen
public struct ExponentialMovingAverage: Sendable {
    @usableFromInline var smoothing: ExponentialSmoothing

    /// An average with smoothing factor `2 / (period + 1)`; `period` is at least 1.
    public init(period: Int) {
        precondition(period >= 1, "ExponentialMovingAverage: period must be at least 1, got \(period)")
        smoothing = ExponentialSmoothing(period: period, numerator: 2, denominator: Int64(period) + 1)
    }

    /// The period the smoothing factor is `2 / (period + 1)` of, and the prices that seed it.
    @inlinable
    public var period: Int { Int(smoothing.period) }

    /// Adds the next price.
    @inlinable
    public mutating func update(_ price: Price) {
        smoothing.update(price.units)
    }

    /// The average rounded half away from zero to one unit; nil until `period` prices have been
    /// seen.
    @inlinable
    public var value: Price? {
        smoothing.value.map(Price.init(units:))
    }
}
