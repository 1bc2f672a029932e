/// What a strategy asks for. Strategies act only by returning intents; the engine routes each
/// order through the risk checker.
public enum Intent: Hashable, Sendable, Codable {
    /// Place a new order.
    case place(OrderRequest)
    /// Place orders that depend on each other, followed as one group (SDK 4.0).
    case placeGroup(OrderGroup)
    /// Change an open order's price (for a stop, its stop price) or quantity: amended in place
    /// where the venue can, else cancelled and placed anew. Either way the strategy hears
    /// `OrderUpdate.replaced` with the order's new id. A nil leaves that field as it is. (SDK 4.0)
    case replace(OrderID, price: Price?, qty: Quantity?)
    /// Cancel one of this strategy's open orders.
    case cancel(OrderID)
    /// Cancel all of this strategy's open orders in a symbol.
    case cancelAll(Symbol)
    /// Call `onTimer` with `id` at `at` by the engine's clock (simulated time in a backtest); a
    /// timer of the same id set earlier is replaced. (SDK 4.0)
    case setTimer(TimerID, at: Timestamp)
    /// Forget the timer `id` if it has not fired. (SDK 4.0)
    case cancelTimer(TimerID)
}
