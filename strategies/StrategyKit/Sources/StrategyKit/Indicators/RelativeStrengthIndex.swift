/// Wilder's relative strength index of prices, 0 to 100: `100 × G / (G + L)`, where `G` and `L`
/// are the average gain and the average loss per change, each seeded with the mean of the first
/// `period` changes and then smoothed with factor `1 / period`.
///
/// A ratio, not money, so it is a `Double`, and so are the averages it is taken from (the
/// changes themselves are exact integer differences). `value` is nil until `period + 1` prices
/// (`period` changes) have been seen. Where nothing has moved (`G` and `L` both zero, as over a
/// constant series) it is 50, neither side ahead; TA-Lib says 0 there, which would read as
/// oversold. `@frozen` and inlinable for the reason `SimpleMovingAverage` gives.
@frozen
public struct RelativeStrengthIndex: Sendable {
    @usableFromInline let periodCount: Int
    /// `(period - 1) / period` and `1 / period`: Wilder's smoothing as two multiplications.
    @usableFromInline let keep: Double
    @usableFromInline let share: Double
    /// The changes seen, up to `period`.
    @usableFromInline var changes: Int
    /// The sums of the gains and the losses until `period` changes have been seen; then their
    /// averages.
    @usableFromInline var gain: Double
    @usableFromInline var loss: Double
    /// The previous price in units; nil before the first.
    @usableFromInline var previous: Int64?

    /// An index over `period` changes; `period` is at least 1.
    public init(period: Int) {
        precondition(period >= 1, "RelativeStrengthIndex: period must be at least 1, got \(period)")
        periodCount = period
        keep = Double(period - 1) / Double(period)
        share = 1 / Double(period)
        changes = 0
        gain = 0
        loss = 0
        previous = nil
    }

    /// The number of changes the averages span.
    @inlinable
    public var period: Int { periodCount }

    /// Adds the next price.
    @inlinable
    public mutating func update(_ price: Price) {
        defer { previous = price.units }
        guard let previous else { return }
        let change = price.units - previous
        let up = Double(max(change, 0))
        let down = Double(max(-change, 0))
        if changes == periodCount {
            gain = gain * keep + up * share
            loss = loss * keep + down * share
            return
        }
        gain += up
        loss += down
        changes += 1
        if changes == periodCount {
            gain *= share
            loss *= share
        }
    }

    /// The index, 0 to 100; 50 where there were neither gains nor losses; nil until
    /// `period + 1` prices have been seen.
    @inlinable
    public var value: Double? {
        guard changes == periodCount else { return nil }
        let total = gain + loss
        return total > 0 ? 100 * gain / total : 50
    }
}
