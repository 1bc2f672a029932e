/// An order a strategy wants placed. It reaches the exchange only if the risk checker approves it.
///
/// `@frozen`: its stored properties are part of the SDK 4.x ABI, since plugins compiled against
/// it read them directly; none may be added, removed or reordered before SDK 5.0.
@frozen
public struct OrderRequest: Hashable, Sendable, Codable {
    public var symbol: Symbol
    public var side: Side
    /// How the order executes once it works: limit, market, FOK, IOC. An order with a `trigger`
    /// becomes this type when the trigger is met (a stop is a market order, a stop-limit a limit).
    public var type: OrderType
    /// The limit price; ignored (and reported as 0) for market orders.
    public var price: Price
    public var qty: Quantity
    /// How long the order works (SDK 4.0); venues without sessions treat `day` as `gtc`.
    public var timeInForce: TimeInForce
    /// What holds the order back until the market reaches it (a stop or a trailing stop); nil for
    /// an order that works at once. (SDK 4.0)
    public var trigger: OrderTrigger?
    /// A label of the strategy's choosing, echoed back in order updates.
    public var tag: String

    @inlinable
    public init(
        symbol: Symbol, side: Side, type: OrderType = .limit, price: Price, qty: Quantity, timeInForce: TimeInForce = .day,
        trigger: OrderTrigger? = nil, tag: String = ""
    ) {
        self.symbol = symbol
        self.side = side
        self.type = type
        self.price = price
        self.qty = qty
        self.timeInForce = timeInForce
        self.trigger = trigger
        self.tag = tag
    }

    /// A stop: a market order sent once a trade prints at or through `stopPrice`.
    public static func stop(
        symbol: Symbol, side: Side, stopPrice: Price, qty: Quantity, timeInForce: TimeInForce = .day, tag: String = ""
    ) -> OrderRequest {
        OrderRequest(symbol: symbol, side: side, type: .market, price: .zero, qty: qty, timeInForce: timeInForce, trigger: .stop(stopPrice), tag: tag)
    }

    /// A stop-limit: a limit order at `limitPrice` sent once a trade prints at or through `stopPrice`.
    public static func stopLimit(
        symbol: Symbol, side: Side, stopPrice: Price, limitPrice: Price, qty: Quantity, timeInForce: TimeInForce = .day,
        tag: String = ""
    ) -> OrderRequest {
        OrderRequest(symbol: symbol, side: side, type: .limit, price: limitPrice, qty: qty, timeInForce: timeInForce, trigger: .stop(stopPrice), tag: tag)
    }

    /// A trailing stop: a market order sent once a trade prints at or through the high-water mark
    /// less `trail` (plus, for a buy).
    public static func trailingStop(
        symbol: Symbol, side: Side, trail: Trail, qty: Quantity, timeInForce: TimeInForce = .day, tag: String = ""
    ) -> OrderRequest {
        OrderRequest(symbol: symbol, side: side, type: .market, price: .zero, qty: qty, timeInForce: timeInForce, trigger: .trailing(trail), tag: tag)
    }

    private enum CodingKeys: String, CodingKey {
        case symbol, side, type, price, qty, timeInForce, trigger, tag
    }

    /// Writes the fields; a `day` order without a trigger in the shape before SDK 4.0, so that
    /// the records of plain orders are as they were.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(symbol, forKey: .symbol)
        try container.encode(side, forKey: .side)
        try container.encode(type, forKey: .type)
        try container.encode(price, forKey: .price)
        try container.encode(qty, forKey: .qty)
        if timeInForce != .day { try container.encode(timeInForce, forKey: .timeInForce) }
        try container.encodeIfPresent(trigger, forKey: .trigger)
        try container.encode(tag, forKey: .tag)
    }

    /// Reads what `encode(to:)` writes, and the shape before SDK 4.0 (no time in force: `day`;
    /// no trigger), so that recordings made before it still read.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            symbol: try container.decode(Symbol.self, forKey: .symbol), side: try container.decode(Side.self, forKey: .side),
            type: try container.decode(OrderType.self, forKey: .type), price: try container.decode(Price.self, forKey: .price),
            qty: try container.decode(Quantity.self, forKey: .qty),
            timeInForce: try container.decodeIfPresent(TimeInForce.self, forKey: .timeInForce) ?? .day,
            trigger: try container.decodeIfPresent(OrderTrigger.self, forKey: .trigger), tag: try container.decode(String.self, forKey: .tag))
    }

    /// The order's kind as venues name it: `limit`, `market`, `stop`, `stop_limit`,
    /// `trailing_stop`, `fill-or-kill`, `immediate-or-cancel`.
    public var kind: String {
        switch (trigger, type) {
        case (nil, _): type.rawValue
        case (.trailing?, _): "trailing_stop"
        case (.stop?, .market): "stop"
        case (.stop?, _): "stop_limit"
        }
    }
}
