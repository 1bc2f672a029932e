import StrategyKit

/// The result of cancelling an order by id.
public enum CancelOutcome: Hashable, Sendable {
    /// The order was resting; `qty` unfilled shares were removed and the order is now closed.
    case cancelled(qty: Quantity)
    /// The order had already closed; nothing changed (cancelling a closed order is harmless).
    case alreadyClosed
    /// The book never saw an order with this id.
    case unknownOrder
}
