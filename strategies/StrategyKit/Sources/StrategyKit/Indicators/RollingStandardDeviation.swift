/// The population standard deviation of the last `period` prices, in price units, updated in
/// constant time from exact sums: the window's sum and, in 128 bits, its sum of squares.
///
/// `value` is `sqrt(n Σx² - (Σx)²) / n` rounded half up to one unit, exactly: it is
/// `floor(sqrt(4 (n Σx² - (Σx)²))) / 2n` rounded half up, an integer square root and an integer
/// division, so no floating-point rounding reaches it and a constant window is exactly zero.
/// `@frozen` and inlinable for the reason `SimpleMovingAverage` gives.
@frozen
public struct RollingStandardDeviation: Sendable {
    /// The window, its sum, and the mean that `BollingerBands` uses as its middle band.
    @usableFromInline var average: SimpleMovingAverage
    /// The sum of the squares of the window's prices in units, exactly.
    @usableFromInline var sumOfSquares: Int128
    /// Division by twice the period.
    @usableFromInline let doubledPeriod: FixedDivisor

    /// A standard deviation over the last `period` prices; `period` is at least 1.
    public init(period: Int) {
        precondition(period >= 1, "RollingStandardDeviation: period must be at least 1, got \(period)")
        average = SimpleMovingAverage(period: period)
        sumOfSquares = 0
        doubledPeriod = FixedDivisor(2 * period)
    }

    /// How many prices the deviation spans.
    @inlinable
    public var period: Int { average.period }

    /// Adds the next price.
    @inlinable
    public mutating func update(_ price: Price) {
        let units = Int128(price.units)
        let evicted = Int128(average.push(price.units))
        sumOfSquares += units * units - evicted * evicted
    }

    /// The population standard deviation of the last `period` prices, rounded half up to one
    /// unit; nil until `period` prices have been seen.
    @inlinable
    public var value: Price? {
        guard average.isReady else { return nil }
        return Price(units: doubledPeriod.roundedHalfAway(Int64((4 * scaledVariance).squareRootRoundedDown)))
    }

    /// `n Σx² - (Σx)²`, which is `n²` times the population variance: never negative. Unsigned,
    /// because a checked signed 128-bit product is a library call and an unsigned one is not.
    @inlinable
    var scaledVariance: UInt128 {
        let sum = UInt128(average.sum.magnitude)
        return UInt128(period) * UInt128(sumOfSquares) - sum * sum
    }
}
