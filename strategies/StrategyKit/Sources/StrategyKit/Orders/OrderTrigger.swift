/// What holds an order back until the market reaches it: a stop. An order with a trigger is
/// sent as its type (market: a stop; limit: a stop-limit) once a trade prints at or through its
/// stop price (at or below for a sell, at or above for a buy). (SDK 4.0)
@frozen
public enum OrderTrigger: Hashable, Sendable, Codable {
    /// A fixed stop price.
    case stop(Price)
    /// A stop that follows the market by `Trail` (a trailing stop).
    case trailing(Trail)

    /// A fixed stop's price; nil for a trailing stop, whose stop moves with the market.
    @inlinable
    public var stopPrice: Price? {
        if case .stop(let price) = self { return price }
        return nil
    }

    /// Whether a trade at `price` sets off a stop at `stop` for an order of `side`.
    public static func isMet(by price: Price, stop: Price, side: Side) -> Bool {
        side == .sell ? price <= stop : price >= stop
    }
}
