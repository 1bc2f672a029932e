/// Wilder's average true range of bars, in price units: the true range of a bar is the
/// largest of its high minus its low and the distances from the previous close to its high and
/// to its low; the average is seeded with the mean of the first `period` true ranges and then
/// smoothed with factor `1 / period`.
///
/// As in TA-Lib, the first bar has no previous close and gives no true range, so `value` is nil
/// until `period + 1` bars have been seen. The state is fixed point as in
/// `ExponentialMovingAverage` (`ExponentialSmoothing` states the bound on its error); `value` is
/// rounded half away from zero to one unit. `@frozen` and inlinable for the reason
/// `SimpleMovingAverage` gives.
@frozen
public struct AverageTrueRange: Sendable {
    @usableFromInline var smoothing: ExponentialSmoothing
    /// The previous bar's close in units; nil before the first bar.
    @usableFromInline var previousClose: Int64?

    /// Wilder's average over `period` true ranges; `period` is at least 1.
    public init(period: Int) {
        precondition(period >= 1, "AverageTrueRange: period must be at least 1, got \(period)")
        smoothing = ExponentialSmoothing(period: period, numerator: 1, denominator: Int64(period))
        previousClose = nil
    }

    /// The number of true ranges the average spans.
    @inlinable
    public var period: Int { Int(smoothing.period) }

    /// Adds the next bar.
    @inlinable
    public mutating func update(high: Price, low: Price, close: Price) {
        defer { previousClose = close.units }
        guard let previous = previousClose else { return }
        let trueRange = max(high.units, previous) - min(low.units, previous)
        smoothing.update(trueRange)
    }

    /// The average true range rounded half away from zero to one unit; nil until `period + 1`
    /// bars have been seen.
    @inlinable
    public var value: Price? {
        smoothing.value.map(Price.init(units:))
    }
}
