/// One execution of an order as the API reports it inside the order object.
@frozen
public struct OrderFill: Hashable, Sendable, Codable {
    public var price: Price
    public var qty: Quantity
    public var ts: Timestamp

    @inlinable
    public init(price: Price, qty: Quantity, ts: Timestamp) {
        self.price = price
        self.qty = qty
        self.ts = ts
    }
}

/// The API's order object: what place, status, cancel and the account lists return.
///
/// While open, `originalQty == qty + totalFilled`; a cancel sets `qty` to 0 and `open` to false
/// and keeps the fills.
///
/// `@frozen`: its stored properties are part of the SDK 4.x ABI, since plugins compiled against
/// it read them directly; none may be added, removed or reordered before SDK 5.0.
@frozen
public struct OrderStatus: Hashable, Sendable, Codable {
    public var id: OrderID
    public var venue: Venue
    public var symbol: Symbol
    public var account: Account
    /// The API's `direction`.
    public var side: Side
    public var type: OrderType
    /// The limit price; zero for market orders.
    public var price: Price
    public var originalQty: Quantity
    /// Shares still outstanding.
    public var qty: Quantity
    public var ts: Timestamp
    /// Executions in the order they happened; index `i` is this order's fill `i`.
    public var fills: [OrderFill]
    public var totalFilled: Quantity
    public var open: Bool
    /// What held the order back, if anything (SDK 4.0): its stop, or its trail.
    public var trigger: OrderTrigger?
    /// A trailing stop's high-water mark and the stop price it gives, as the venue last reported
    /// them; nil for other orders. (SDK 4.0)
    public var trail: TrailState?
    /// The order that replaced this one, once it was replaced. (SDK 4.0)
    public var replacedBy: OrderID?
    /// The order whose group this one is a leg of (a bracket's or an OTO's exit, an OCO's
    /// stop-loss), where the venue keeps groups and says so; nil for other orders. (SDK 4.0)
    public var parent: OrderID?

    @inlinable
    public init(
        id: OrderID, venue: Venue, symbol: Symbol, account: Account, side: Side, type: OrderType,
        price: Price, originalQty: Quantity, qty: Quantity, ts: Timestamp, fills: [OrderFill],
        totalFilled: Quantity, open: Bool, trigger: OrderTrigger? = nil, trail: TrailState? = nil, replacedBy: OrderID? = nil,
        parent: OrderID? = nil
    ) {
        self.id = id
        self.venue = venue
        self.symbol = symbol
        self.account = account
        self.side = side
        self.type = type
        self.price = price
        self.originalQty = originalQty
        self.qty = qty
        self.ts = ts
        self.fills = fills
        self.totalFilled = totalFilled
        self.open = open
        self.trigger = trigger
        self.trail = trail
        self.replacedBy = replacedBy
        self.parent = parent
    }
}
