import StrategyKit
import Wire

/// One FILL account activity: one execution of one order. Its `id` (`<time>::<uuid>`, which
/// sorts in time order) is the execution's identity: the same fill read twice, before and
/// after a restart, has the same id.
public struct FillActivity: Sendable, Hashable {
    public var id: String
    public var time: Timestamp
    /// `fill` or `partial_fill`.
    public var type: String
    public var price: Price
    public var qty: Quantity
    public var side: Side
    public var symbol: Symbol
    /// Alpaca's id of the order filled.
    public var orderID: String
    public var leavesQty: Quantity
    public var cumQty: Quantity

    public init(
        id: String, time: Timestamp, type: String, price: Price, qty: Quantity, side: Side, symbol: Symbol, orderID: String,
        leavesQty: Quantity, cumQty: Quantity
    ) {
        self.id = id
        self.time = time
        self.type = type
        self.price = price
        self.qty = qty
        self.side = side
        self.symbol = symbol
        self.orderID = orderID
        self.leavesQty = leavesQty
        self.cumQty = cumQty
    }

    /// Reads the activity object at `reader`; every field but `leaves_qty` and `cum_qty` is
    /// required.
    init(reading reader: inout JSONReader) throws(JSONReadError) {
        var id = "", time: Timestamp?, type = "", price: Price?, qty: Quantity?, side: Side?, symbol = "", orderID = ""
        var leaves = Quantity.zero, cum = Quantity.zero
        try reader.readObject { reader, key throws(JSONReadError) in
            if key.equals("id") { id = try reader.string() }
            else if key.equals("transaction_time") { time = try reader.timestamp() }
            else if key.equals("type") { type = try reader.string() }
            else if key.equals("price") { price = try reader.dollarPrice(field: "activity.price") }
            else if key.equals("qty") { qty = try reader.shares(field: "activity.qty") }
            else if key.equals("side") {
                let text = try reader.string()
                // Alpaca reports a short sale's fills as `sell_short`.
                guard let parsed = text == "sell_short" ? .sell : Side(rawValue: text) else {
                    throw .refused("activity.side: \"\(text)\" is not buy or sell")
                }
                side = parsed
            }
            else if key.equals("symbol") { symbol = try reader.string() }
            else if key.equals("order_id") { orderID = try reader.string() }
            else if key.equals("leaves_qty") { leaves = try reader.optionalShares(field: "activity.leaves_qty") ?? .zero }
            else if key.equals("cum_qty") { cum = try reader.optionalShares(field: "activity.cum_qty") ?? .zero }
            else { try reader.skipValue() }
        }
        guard !id.isEmpty, let time, let price, let qty, let side, !symbol.isEmpty, !orderID.isEmpty else {
            throw .refused("activity \(id): id, transaction_time, price, qty, side, symbol and order_id are required")
        }
        self.init(
            id: id, time: time, type: type, price: price, qty: qty, side: side, symbol: Symbol(symbol), orderID: orderID,
            leavesQty: leaves, cumQty: cum)
    }
}
