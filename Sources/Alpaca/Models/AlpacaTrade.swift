import StrategyKit
import Wire

/// A trade of the market-data API (`{t, x, p, s, c, i, z}`).
public struct AlpacaTrade: Sendable, Hashable {
    public var time: Timestamp
    public var price: Price
    public var size: Quantity
    /// The exchange's code (`x`), empty when absent.
    public var exchange: String

    /// Reads the trade object at `reader`; `t` and `p` are required.
    init(reading reader: inout JSONReader, symbol: String) throws(JSONReadError) {
        var time: Timestamp?, price: Price?, size = Quantity.zero, exchange = ""
        try reader.readObject { reader, key throws(JSONReadError) in
            if key.equals("t") { time = try reader.timestamp() }
            else if key.equals("p") { price = try reader.dollarPrice(field: "trades.\(symbol).p") }
            else if key.equals("s") { size = try reader.shares(field: "trades.\(symbol).s") }
            else if key.equals("x") { exchange = try reader.string() }
            else { try reader.skipValue() }
        }
        guard let time, let price else { throw .refused("trades.\(symbol): t and p are required") }
        self.time = time
        self.price = price
        self.size = size
        self.exchange = exchange
    }
}
