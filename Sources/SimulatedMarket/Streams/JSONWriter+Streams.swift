import MatchingEngine
import StrategyKit
import Wire

extension JSONWriter {
    /// StockFighter's tickertape message: `{"ok":true,"quote":{<the quote object>}}`.
    mutating func tickertape(_ quote: Quote) {
        raw("{\"ok\":true,\"quote\":")
        self.quote(quote, ok: false)
        raw("}")
    }

    /// StockFighter's execution message for `order` (as it stands after the fill), one side of
    /// the trade `execution`.
    mutating func execution(_ order: OrderStatus, _ execution: Execution) {
        raw("{\"ok\":true,\"account\":")
        string(order.account.rawValue)
        raw(",\"venue\":")
        string(order.venue.rawValue)
        raw(",\"symbol\":")
        string(order.symbol.rawValue)
        raw(",\"order\":")
        APIOrderCodec.write(order, ok: false, to: &self)
        raw(",\"standingId\":")
        int(execution.standing.rawValue)
        raw(",\"incomingId\":")
        int(execution.incoming.rawValue)
        raw(",\"price\":")
        int(APINumbers.cents(execution.price))
        raw(",\"filled\":")
        int(execution.qty.shares)
        raw(",\"filledAt\":")
        timestamp(execution.time)
        raw(",\"standingComplete\":")
        bool(execution.standingComplete)
        raw(",\"incomingComplete\":")
        bool(execution.incomingComplete)
        raw("}")
    }

    /// Alpaca's `trade_updates` message: the event, the order object as the REST API writes it,
    /// and on a fill its execution id, price, shares and the position after it.
    mutating func tradeUpdate(_ event: AlpacaTradeEvent, _ order: AlpacaOrderRecord, at time: Timestamp) {
        raw("{\"stream\":\"trade_updates\",\"data\":{")
        stringMember("event", event.name)
        if case let .fill(fill, _) = event { stringMember("execution_id", fill.id) }
        member("order")
        alpacaOrder(order, legs: nil)
        timeMember("timestamp", time)
        if case let .fill(fill, position) = event {
            dollarString("price", fill.price)
            intString("qty", fill.qty.shares)
            intString("position_qty", position.shares)
        }
        raw("}}")
    }
}
