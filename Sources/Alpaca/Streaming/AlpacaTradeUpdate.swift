import StrategyKit
import Wire

/// A `trade_updates` event: what happened (`new`, `fill`, `partial_fill`, `canceled`,
/// `expired`, `replaced`, `rejected`, `done_for_day`, `pending_new`, ...) and the REST order
/// object as of after it; a fill's execution (`execution_id`, `price`, `qty`, `position_qty`) on
/// `fill` and `partial_fill` only. The broker turns `order` into an `OrderStatus` as it does a
/// polled one (its fills from the same `FillBook`), so the tracker books each fill once.
public struct AlpacaTradeUpdate: Sendable, Hashable {
    public var event: String
    public var order: AlpacaOrder
    public var time: Timestamp?
    public var executionID: String?
    public var price: Price?
    public var qty: Quantity?
    /// The account's position in the symbol after the fill.
    public var positionQty: Quantity?

    /// Reads the `data` object at `reader`; `event` and `order` are required.
    init(reading reader: inout JSONReader) throws(JSONReadError) {
        var event = "", order: AlpacaOrder?, time: Timestamp?, executionID: String?
        var price: Price?, qty: Quantity?, positionQty: Quantity?
        try reader.readObject { reader, key throws(JSONReadError) in
            if key.equals("event") { event = try reader.string() }
            else if key.equals("order") { order = try AlpacaOrder(reading: &reader) }
            else if key.equals("timestamp") { time = try reader.optionalTimestamp() }
            else if key.equals("execution_id") { executionID = try reader.optionalString() }
            else if key.equals("price") { price = try reader.optionalDollarPrice(field: "trade_updates.price") }
            else if key.equals("qty") { qty = try reader.optionalShares(field: "trade_updates.qty") }
            else if key.equals("position_qty") { positionQty = try reader.optionalShares(field: "trade_updates.position_qty") }
            else { try reader.skipValue() }
        }
        guard !event.isEmpty, let order else { throw .refused("trade_updates: event and order are required") }
        self.event = event
        self.order = order
        self.time = time
        self.executionID = executionID
        self.price = price
        self.qty = qty
        self.positionQty = positionQty
    }
}
