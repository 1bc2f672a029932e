import StrategyKit

/// What happened to orders while a book handled one request, in the order it happened.
///
/// A submit always starts with `accepted` and ends with either `rested` (a limit order's remainder
/// stays on the book) or `closed` (the order is finished). Every fill closes the standing order
/// it completes with a `closed` right after the fill.
public enum MatchEvent: Hashable, Sendable {
    /// The book took the order.
    case accepted(OrderID)
    /// Shares changed hands at the standing order's price.
    case fill(Execution)
    /// The order's remainder now rests on the book at its limit price.
    case rested(OrderID, price: Price, qty: Quantity)
    /// The order's unfilled remainder was removed: by a cancel, or because market,
    /// immediate-or-cancel and fill-or-kill orders never rest.
    case cancelled(OrderID, qty: Quantity)
    /// The order is finished (filled, cancelled or killed) after filling `filled` shares.
    case closed(OrderID, filled: Quantity)
}
