/// The identity of a fill: the same execution seen twice (in an order list and an order status,
/// or before and after a restart) has the same `FillID`.
@frozen
public struct FillID: Hashable, Sendable, Codable {
    public var venue: Venue
    public var orderID: OrderID
    /// The fill's index in its order's `fills`, from 0.
    public var index: Int

    @inlinable
    public init(venue: Venue, orderID: OrderID, index: Int) {
        self.venue = venue
        self.orderID = orderID
        self.index = index
    }
}

/// One execution of one of our orders, attributed to the strategy that placed it.
///
/// `@frozen`: its stored properties are part of the SDK 4.x ABI, since plugins compiled against
/// it read them directly; none may be added, removed or reordered before SDK 5.0.
@frozen
public struct Fill: Hashable, Sendable, Codable {
    public var venue: Venue
    public var account: Account
    public var symbol: Symbol
    public var orderID: OrderID
    /// The index of this fill in its order's fills, from 0.
    public var index: Int
    public var side: Side
    public var price: Price
    public var qty: Quantity
    public var time: Timestamp
    public var strategyID: StrategyID

    @inlinable
    public init(
        venue: Venue, account: Account, symbol: Symbol, orderID: OrderID, index: Int, side: Side,
        price: Price, qty: Quantity, time: Timestamp, strategyID: StrategyID
    ) {
        self.venue = venue
        self.account = account
        self.symbol = symbol
        self.orderID = orderID
        self.index = index
        self.side = side
        self.price = price
        self.qty = qty
        self.time = time
        self.strategyID = strategyID
    }

    /// The fill's identity (venue, order id, index).
    @inlinable
    public var id: FillID { FillID(venue: venue, orderID: orderID, index: index) }

    /// The cash this fill moves: negative for a buy, positive for a sell.
    public var cashFlow: Money { Money(units: -side.sign * (price * qty).units) }
}
