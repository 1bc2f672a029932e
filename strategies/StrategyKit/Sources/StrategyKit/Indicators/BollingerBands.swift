/// Bollinger bands over the last `period` prices: the middle band is their mean
/// (`SimpleMovingAverage`), the upper and lower bands the middle plus and minus `width` times
/// their population standard deviation.
///
/// ```swift
/// var bands = BollingerBands(period: 20, width: 2)
/// bands.update(close)
/// if let band = bands.value, close < band.lower { ... }
/// ```
///
/// In integers throughout: the width is held as a whole number of thousandths (2.5 is 2500),
/// and the distance from the middle, `width × σ`, is taken exactly from the window's sums with
/// an integer square root and rounded half up to one unit. The middle is rounded half away from
/// zero like `SimpleMovingAverage`'s, and the bands are the middle plus and minus that one
/// rounded distance, so they are always symmetric about it. `@frozen` and inlinable for
/// the reason `SimpleMovingAverage` gives.
@frozen
public struct BollingerBands: Sendable {
    /// The three bands at one moment.
    @frozen
    public struct Bands: Hashable, Sendable {
        /// The middle minus `width` standard deviations.
        public var lower: Price
        /// The mean of the window.
        public var middle: Price
        /// The middle plus `width` standard deviations.
        public var upper: Price

        @inlinable
        public init(lower: Price, middle: Price, upper: Price) {
            self.lower = lower
            self.middle = middle
            self.upper = upper
        }
    }

    /// The window's sums.
    @usableFromInline var deviation: RollingStandardDeviation
    /// `width` in thousandths of a standard deviation.
    @usableFromInline let widthThousandths: Int64
    /// Division by 2000 times the period: the distance is `floor(sqrt(4 w² V)) / 2000n` rounded
    /// half up, with `w` the width in thousandths and `V` the window's `n Σx² - (Σx)²`.
    @usableFromInline let divisor: FixedDivisor

    /// Bands over the last `period` prices (at least 1), `width` standard deviations (0 to
    /// 1000, rounded to the nearest thousandth) from the middle.
    public init(period: Int, width: Double) {
        precondition(period >= 1, "BollingerBands: period must be at least 1, got \(period)")
        precondition(width >= 0 && width <= 1000, "BollingerBands: width must be 0 to 1000, got \(width)")
        deviation = RollingStandardDeviation(period: period)
        widthThousandths = Int64((width * 1000).rounded())
        divisor = FixedDivisor(2000 * period)
    }

    /// How many prices the bands span.
    @inlinable
    public var period: Int { deviation.period }

    /// The width in standard deviations, as held: a whole number of thousandths.
    @inlinable
    public var width: Double { Double(widthThousandths) / 1000 }

    /// Adds the next price.
    @inlinable
    public mutating func update(_ price: Price) {
        deviation.update(price)
    }

    /// The bands over the last `period` prices; nil until `period` prices have been seen.
    @inlinable
    public var value: Bands? {
        guard let middle = deviation.average.value else { return nil }
        let squaredWidth = UInt128(widthThousandths * widthThousandths)
        let distance = divisor.roundedHalfAway(Int64((4 * squaredWidth * deviation.scaledVariance).squareRootRoundedDown))
        return Bands(lower: Price(units: middle.units - distance), middle: middle, upper: Price(units: middle.units + distance))
    }
}
