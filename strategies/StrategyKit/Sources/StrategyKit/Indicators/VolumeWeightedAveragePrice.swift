/// The volume-weighted average price of trades since the start or the last `reset()`:
/// `Σ price × quantity / Σ quantity`, from an exact 128-bit sum of notionals.
///
/// ```swift
/// var vwap = VolumeWeightedAveragePrice()
/// vwap.update(price: price, quantity: size)  // each trade
/// // at the session's open: vwap.reset()
/// ```
///
/// `value` is rounded half away from zero to one unit. The notional sum cannot overflow for any
/// session; the volume is an `Int64` of shares that traps rather than wraps. `@frozen` and
/// inlinable for the reason `SimpleMovingAverage` gives.
@frozen
public struct VolumeWeightedAveragePrice: Sendable {
    /// Σ price × quantity, in units times shares.
    @usableFromInline var notional: Int128
    /// Σ quantity, in shares.
    @usableFromInline var volume: Int64

    /// An average of no trades yet.
    public init() {
        notional = 0
        volume = 0
    }

    /// Adds a trade of `quantity` shares (zero or more) at `price`.
    @inlinable
    public mutating func update(price: Price, quantity: Quantity) {
        precondition(quantity.shares >= 0, "VolumeWeightedAveragePrice: quantity must not be negative, got \(quantity)")
        notional += Int128(price.units) * Int128(quantity.shares)
        volume += quantity.shares
    }

    /// Forgets every trade: for a new session.
    @inlinable
    public mutating func reset() {
        notional = 0
        volume = 0
    }

    /// The shares traded since the start or the last `reset()`.
    @inlinable
    public var totalQuantity: Quantity { Quantity(shares: volume) }

    /// The average price, rounded half away from zero to one unit; nil before any shares trade.
    @inlinable
    public var value: Price? {
        guard volume > 0 else { return nil }
        return Price(units: notional.dividedRoundingHalfAway(by: volume))
    }
}
