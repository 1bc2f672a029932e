/// An order a strategy wants placed. It reaches the exchange only if the risk checker approves it.
///
/// `@frozen`: its stored properties are part of the SDK 3.x ABI, since plugins compiled against
/// it read them directly; none may be added, removed or reordered before SDK 4.0.
@frozen
public struct OrderRequest: Hashable, Sendable, Codable {
    public var symbol: Symbol
    public var side: Side
    public var type: OrderType
    /// The limit price; ignored (and reported as 0) for market orders.
    public var price: Price
    public var qty: Quantity
    /// A label of the strategy's choosing, echoed back in order updates.
    public var tag: String

    @inlinable
    public init(symbol: Symbol, side: Side, type: OrderType = .limit, price: Price, qty: Quantity, tag: String = "") {
        self.symbol = symbol
        self.side = side
        self.type = type
        self.price = price
        self.qty = qty
        self.tag = tag
    }
}

/// What a strategy asks for. Strategies act only by returning intents; the engine routes each
/// through the risk checker.
public enum Intent: Hashable, Sendable, Codable {
    /// Place a new order.
    case place(OrderRequest)
    /// Cancel one of this strategy's open orders.
    case cancel(OrderID)
    /// Cancel all of this strategy's open orders in a symbol.
    case cancelAll(Symbol)
}
