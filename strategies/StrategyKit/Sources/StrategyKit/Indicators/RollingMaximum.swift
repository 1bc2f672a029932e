/// The highest of the last `period` prices, in amortised constant time: the `RollingMinimum`
/// of the negated prices (the one monotonic deque, read the other way up). Traps for a price of
/// `Int64.min` units, which has no negation. `@frozen` and inlinable for the
/// reason `SimpleMovingAverage` gives.
@frozen
public struct RollingMaximum: Sendable {
    /// The minimum of the negated prices.
    @usableFromInline var negated: RollingMinimum

    /// The maximum of the last `period` prices; `period` is at least 1.
    public init(period: Int) {
        precondition(period >= 1, "RollingMaximum: period must be at least 1, got \(period)")
        negated = RollingMinimum(period: period)
    }

    /// How many prices the window spans.
    @inlinable
    public var period: Int { negated.period }

    /// Adds the next price.
    @inlinable
    public mutating func update(_ price: Price) {
        negated.update(Price(units: -price.units))
    }

    /// The highest of the last `period` prices; nil until `period` prices have been seen.
    @inlinable
    public var value: Price? {
        negated.value.map { Price(units: -$0.units) }
    }
}
