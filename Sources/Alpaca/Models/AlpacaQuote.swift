import StrategyKit
import Wire

/// A latest quote of the market-data API (`{t, ax, ap, as, bx, bp, bs, c, z}`): the best bid
/// and ask with their sizes. Prices and sizes arrive as JSON numbers and are read exactly.
public struct AlpacaQuote: Sendable, Hashable {
    public var time: Timestamp
    public var bidPrice: Price
    public var bidSize: Quantity
    public var askPrice: Price
    public var askSize: Quantity

    public init(time: Timestamp, bidPrice: Price, bidSize: Quantity, askPrice: Price, askSize: Quantity) {
        self.time = time
        self.bidPrice = bidPrice
        self.bidSize = bidSize
        self.askPrice = askPrice
        self.askSize = askSize
    }

    /// Reads the quote object at `reader`; `t` is required, a missing side reads as zero.
    init(reading reader: inout JSONReader, symbol: String) throws(JSONReadError) {
        var time: Timestamp?, bid = Price.zero, ask = Price.zero, bidSize = Quantity.zero, askSize = Quantity.zero
        try reader.readObject { reader, key throws(JSONReadError) in
            if key.equals("t") { time = try reader.timestamp() }
            else if key.equals("bp") { bid = try reader.dollarPrice(field: "quotes.\(symbol).bp") }
            else if key.equals("ap") { ask = try reader.dollarPrice(field: "quotes.\(symbol).ap") }
            else if key.equals("bs") { bidSize = try reader.shares(field: "quotes.\(symbol).bs") }
            else if key.equals("as") { askSize = try reader.shares(field: "quotes.\(symbol).as") }
            else { try reader.skipValue() }
        }
        guard let time else { throw .refused("quotes.\(symbol).t: missing") }
        self.init(time: time, bidPrice: bid, bidSize: bidSize, askPrice: ask, askSize: askSize)
    }

    /// The top of the book the quote shows: one level a side (none for a side whose price is
    /// 0), the quote's time as the exchange time.
    func book(venue: Venue, symbol: Symbol, receivedAt: Timestamp) -> BookSnapshot {
        let bids = bidPrice.units > 0 ? [BookEntry(price: bidPrice, qty: bidSize, isBuy: true)] : []
        let asks = askPrice.units > 0 ? [BookEntry(price: askPrice, qty: askSize, isBuy: false)] : []
        return BookSnapshot(venue: venue, symbol: symbol, bids: bids, asks: asks, exchangeTime: time, receivedTime: receivedAt, sequence: 0)
    }
}
