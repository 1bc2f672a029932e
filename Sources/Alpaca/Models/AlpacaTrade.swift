import StrategyKit
import Wire

/// A trade of the market-data API (`{t, x, p, s, c, i, z}`).
public struct AlpacaTrade: Sendable, Hashable {
    public var time: Timestamp
    public var price: Price
    public var size: Quantity
    /// The exchange's code (`x`), empty when absent.
    public var exchange: String
    /// The condition codes (`c`), empty when absent.
    public var conditions: [String]
    /// The trade's id at its exchange (`i`), nil when absent.
    public var id: Int64?

    public init(time: Timestamp, price: Price, size: Quantity, exchange: String = "", conditions: [String] = [], id: Int64? = nil) {
        self.time = time
        self.price = price
        self.size = size
        self.exchange = exchange
        self.conditions = conditions
        self.id = id
    }

    /// Reads the trade object at `reader`; `t` and `p` are required.
    init(reading reader: inout JSONReader, symbol: String) throws(JSONReadError) {
        var time: Timestamp?, price: Price?, size = Quantity.zero, exchange = "", conditions: [String] = [], id: Int64?
        try reader.readObject { reader, key throws(JSONReadError) in
            if key.equals("t") { time = try reader.timestamp() }
            else if key.equals("p") { price = try reader.dollarPrice(field: "trades.\(symbol).p") }
            else if key.equals("s") { size = try reader.shares(field: "trades.\(symbol).s") }
            else if key.equals("x") { exchange = try reader.string() }
            else if key.equals("c") { conditions = try reader.null() ? [] : try reader.array { reader throws(JSONReadError) in try reader.string() } }
            else if key.equals("i") { id = try reader.null() ? nil : try reader.int64() }
            else { try reader.skipValue() }
        }
        guard let time, let price else { throw .refused("trades.\(symbol): t and p are required") }
        self.init(time: time, price: price, size: size, exchange: exchange, conditions: conditions, id: id)
    }

    /// The print as the engine's `Trade` of `symbol`.
    func trade(of symbol: Symbol) -> Trade { Trade(symbol: symbol, price: price, qty: size, time: time) }
}
