import StrategyKit

/// An order the engine holds for a strategy because the venue cannot keep its trigger: a stop,
/// stop-limit or trailing stop on StockFighter or in a backtest. It dies with the process.
struct EmulatedOrder {
    /// The engine's id for it: negative, so it is never an exchange's.
    let id: OrderID
    let strategyID: StrategyID
    var request: OrderRequest
    /// A trailing stop's high-water mark and stop price; nil until the first price after it was
    /// placed, and for a plain stop.
    var trail: TrailState?
    /// The group it is a leg of, if any.
    var group: Int?

    /// The order as its strategy sees it among its open orders.
    var openOrder: OpenOrder { OpenOrder(id: id, request: request, isEmulated: true) }

    /// The stop price now: a stop's own, a trailing stop's from its high-water mark.
    var stopPrice: Price? {
        request.trigger?.stopPrice ?? trail?.stopPrice
    }

    /// Follows `price` (the last trade, or the side of the book a trigger would execute
    /// against): a trailing stop's mark moves with it. Returns whether the mark moved.
    mutating func follow(_ price: Price) -> Bool {
        guard case .trailing(let distance)? = request.trigger else { return false }
        if let mark = trail?.highWaterMark, request.side == .sell ? price <= mark : price >= mark { return false }
        trail = TrailState(highWaterMark: price, stopPrice: distance.stopPrice(side: request.side, highWaterMark: price))
        return true
    }

    /// The order to send once triggered: the same without its trigger.
    var triggered: OrderRequest {
        var sent = request
        sent.trigger = nil
        return sent
    }
}
