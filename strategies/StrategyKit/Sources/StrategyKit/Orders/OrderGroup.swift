/// Orders placed as one intent and followed as one group: see `OrderClass` for how the legs
/// depend on each other. A cancel of the first leg (a bracket's or an OTO's entry) cancels the
/// others. Each leg passes the risk checker, and the group as a whole: the position it can reach
/// in the worst case must be within the limits. (SDK 4.0)
@frozen
public struct OrderGroup: Hashable, Sendable, Codable {
    public var orderClass: OrderClass
    /// The orders: a bracket's entry, take-profit and stop-loss; an OCO's take-profit and
    /// stop-loss; an OTO's entry and exit.
    public var legs: [OrderRequest]

    @inlinable
    public init(orderClass: OrderClass, legs: [OrderRequest]) {
        self.orderClass = orderClass
        self.legs = legs
    }

    /// An entry with a take-profit limit at `takeProfit` and a stop-loss at `stopLoss` (a market
    /// stop, or a stop-limit at `stopLimit`), both for the entry's quantity on the other side.
    public static func bracket(
        entry: OrderRequest, takeProfit: Price, stopLoss: Price, stopLimit: Price? = nil, timeInForce: TimeInForce? = nil
    ) -> OrderGroup {
        let exits = exits(
            symbol: entry.symbol, side: entry.side.opposite, qty: entry.qty, takeProfit: takeProfit, stopLoss: stopLoss,
            stopLimit: stopLimit, timeInForce: timeInForce ?? entry.timeInForce, tag: entry.tag)
        return OrderGroup(orderClass: .bracket, legs: [entry] + exits)
    }

    /// A take-profit limit and a stop-loss closing `qty` of a position on `side`, one cancelling
    /// the other.
    public static func oco(
        symbol: Symbol, side: Side, qty: Quantity, takeProfit: Price, stopLoss: Price, stopLimit: Price? = nil,
        timeInForce: TimeInForce = .gtc, tag: String = ""
    ) -> OrderGroup {
        OrderGroup(
            orderClass: .oco,
            legs: exits(
                symbol: symbol, side: side, qty: qty, takeProfit: takeProfit, stopLoss: stopLoss, stopLimit: stopLimit,
                timeInForce: timeInForce, tag: tag))
    }

    /// An entry and one exit that works once the entry fills.
    public static func oto(entry: OrderRequest, then exit: OrderRequest) -> OrderGroup {
        OrderGroup(orderClass: .oto, legs: [entry, exit])
    }

    static func exits(
        symbol: Symbol, side: Side, qty: Quantity, takeProfit: Price, stopLoss: Price, stopLimit: Price?,
        timeInForce: TimeInForce, tag: String
    ) -> [OrderRequest] {
        [
            OrderRequest(symbol: symbol, side: side, price: takeProfit, qty: qty, timeInForce: timeInForce, tag: tag),
            OrderRequest(
                symbol: symbol, side: side, type: stopLimit == nil ? .market : .limit, price: stopLimit ?? .zero, qty: qty,
                timeInForce: timeInForce, trigger: .stop(stopLoss), tag: tag),
        ]
    }
}
