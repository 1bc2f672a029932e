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
    case fill(Trade)
    /// The order's remainder now rests on the book at its limit price.
    case rested(OrderID, price: Price, qty: Quantity)
    /// The order's unfilled remainder was removed: by a cancel, or because market,
    /// immediate-or-cancel and fill-or-kill orders never rest.
    case cancelled(OrderID, qty: Quantity)
    /// The order is finished (filled, cancelled or killed) after filling `filled` shares.
    case closed(OrderID, filled: Quantity)
}

/// One execution between a standing (resting) order and the incoming order that met it.
public struct Trade: Hashable, Sendable {
    /// The order that was resting on the book.
    public var standing: OrderID
    /// The order being submitted.
    public var incoming: OrderID
    /// The side of the incoming order (the aggressor).
    public var incomingSide: Side
    /// The standing order's price: trades happen at the resting order's price.
    public var price: Price
    public var qty: Quantity
    /// Whether the standing order has no shares left after this trade.
    public var standingComplete: Bool
    /// Whether the incoming order has no shares left after this trade.
    public var incomingComplete: Bool
    public var time: Timestamp

    public init(
        standing: OrderID, incoming: OrderID, incomingSide: Side, price: Price, qty: Quantity,
        standingComplete: Bool, incomingComplete: Bool, time: Timestamp
    ) {
        self.standing = standing
        self.incoming = incoming
        self.incomingSide = incomingSide
        self.price = price
        self.qty = qty
        self.standingComplete = standingComplete
        self.incomingComplete = incomingComplete
        self.time = time
    }
}
