import StrategyKit

/// One execution between a standing (resting) order and the incoming order that met it.
public struct Execution: Hashable, Sendable {
    /// The order that was resting on the book.
    public var standing: OrderID
    /// The order being submitted.
    public var incoming: OrderID
    /// The side of the incoming order (the aggressor).
    public var incomingSide: Side
    /// The standing order's price: trades happen at the resting order's price.
    public var price: Price
    /// The shares that changed hands.
    public var qty: Quantity
    /// Whether the standing order has no shares left after this trade.
    public var standingComplete: Bool
    /// Whether the incoming order has no shares left after this trade.
    public var incomingComplete: Bool
    /// When the trade happened: the time of the submit that caused it.
    public var time: Timestamp

    /// A trade with every field given.
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
