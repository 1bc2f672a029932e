import StrategyKit
import Wire

/// A bar of the market-data API (`{t, o, h, l, c, v, n, vw}`): open, high, low and close
/// prices and the volume of one interval starting at `time`. The volume-weighted price (`vw`)
/// has more decimals than a price holds and is not kept.
public struct AlpacaBar: Sendable, Hashable {
    public var time: Timestamp
    public var open: Price
    public var high: Price
    public var low: Price
    public var close: Price
    public var volume: Int64
    /// The number of trades (`n`), 0 when absent.
    public var tradeCount: Int64

    public init(time: Timestamp, open: Price, high: Price, low: Price, close: Price, volume: Int64, tradeCount: Int64) {
        self.time = time
        self.open = open
        self.high = high
        self.low = low
        self.close = close
        self.volume = volume
        self.tradeCount = tradeCount
    }

    /// Reads the bar object at `reader`; every field but `n` and `vw` is required.
    init(reading reader: inout JSONReader, symbol: String) throws(JSONReadError) {
        var time: Timestamp?, open: Price?, high: Price?, low: Price?, close: Price?, volume: Int64?, count: Int64 = 0
        try reader.readObject { reader, key throws(JSONReadError) in
            if key.equals("t") { time = try reader.timestamp() }
            else if key.equals("o") { open = try reader.dollarPrice(field: "bars.\(symbol).o") }
            else if key.equals("h") { high = try reader.dollarPrice(field: "bars.\(symbol).h") }
            else if key.equals("l") { low = try reader.dollarPrice(field: "bars.\(symbol).l") }
            else if key.equals("c") { close = try reader.dollarPrice(field: "bars.\(symbol).c") }
            else if key.equals("v") { volume = try reader.shares(field: "bars.\(symbol).v").shares }
            else if key.equals("n") { count = try reader.null() ? 0 : try reader.int64() }
            else { try reader.skipValue() }
        }
        guard let time, let open, let high, let low, let close, let volume else {
            throw .refused("bars.\(symbol): t, o, h, l, c and v are required")
        }
        self.init(time: time, open: open, high: high, low: low, close: close, volume: volume, tradeCount: count)
    }
}
