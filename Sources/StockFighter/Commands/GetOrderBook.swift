import StrategyKit

/// GET `/venues/:venue/stocks/:stock`: the order book, decoded on the hot path without
/// `JSONDecoder`.
///
/// An empty side may come as `[]` or `null`. A price or quantity outside 0...1_000_000_000 is
/// refused, naming the entry (`order book: bids[2].price: ...`). The snapshot's `receivedTime`
/// is the local receive time; its `sequence` is 0, for the poller to number.
public struct GetOrderBook: ExchangeCommand, Hashable {
    public var venue: Venue
    public var symbol: Symbol

    /// Fetches the book of `symbol` on `venue`.
    public init(venue: Venue, symbol: Symbol) {
        self.venue = venue
        self.symbol = symbol
    }

    public var rateLimitVenue: Venue? { venue }
    public var method: HTTPMethod { .get }
    public var path: String { APIPath.make("venues", venue.rawValue, "stocks", symbol.rawValue) }

    public func decode(_ body: UnsafeRawBufferPointer, context: DecodeContext) throws(ExchangeError) -> BookSnapshot {
        var reader = JSONByteReader(body)
        var venue = self.venue, symbol = self.symbol, bids: [BookEntry] = [], asks: [BookEntry] = []
        var ts: Timestamp?
        try reader.readObject { reader, key throws(ExchangeError) in
            if memoryEquals(key, "bids") {
                bids = try Self.readSide(&reader, isBuy: true)
            } else if memoryEquals(key, "asks") {
                asks = try Self.readSide(&reader, isBuy: false)
            } else if memoryEquals(key, "ts") {
                ts = try reader.readTimestamp()
            } else if memoryEquals(key, "venue") {
                venue = Venue(try reader.readString())
            } else if memoryEquals(key, "symbol") {
                symbol = Symbol(try reader.readString())
            } else {
                try reader.skipValue()
            }
        }
        try reader.expectEnd()
        guard let ts else { throw .undecodable("order book: missing ts") }
        return BookSnapshot(
            venue: venue, symbol: symbol, bids: bids, asks: asks, exchangeTime: ts,
            receivedTime: context.receivedAt, sequence: 0)
    }

    private static func readSide(_ reader: inout JSONByteReader, isBuy: Bool) throws(ExchangeError) -> [BookEntry] {
        var entries: [BookEntry] = []
        guard try !reader.readNull() else { return entries }
        try reader.readArray { reader throws(ExchangeError) in
            var price: Int64?, qty: Int64?, buy = isBuy
            try reader.readObject { reader, key throws(ExchangeError) in
                if memoryEquals(key, "price") {
                    price = try reader.readInt64()
                } else if memoryEquals(key, "qty") {
                    qty = try reader.readInt64()
                } else if memoryEquals(key, "isBuy") {
                    buy = try reader.readBool()
                } else {
                    try reader.skipValue()
                }
            }
            guard let price, let qty else { throw .undecodable("book entry before byte \(reader.index): needs price and qty") }
            // Checked once both are read, with one unsigned comparison each: this is the hot path.
            guard UInt64(bitPattern: price) <= UInt64(Price.maxAccepted.cents),
                  UInt64(bitPattern: qty) <= UInt64(Quantity.maxAccepted.shares)
            else { throw outOfRange(price: price, qty: qty, isBuy: isBuy, index: entries.count) }
            entries.append(BookEntry(price: Price(cents: price), qty: Quantity(shares: qty), isBuy: buy))
        }
        return entries
    }

    /// The error for entry `index` of a side whose price or quantity is out of range.
    private static func outOfRange(price: Int64, qty: Int64, isBuy: Bool, index: Int) -> ExchangeError {
        let entry = "order book: \(isBuy ? "bids" : "asks")[\(index)]"
        let (field, value, range) = JSONByteReader.prices.contains(price)
            ? ("qty", qty, JSONByteReader.quantities) : ("price", price, JSONByteReader.prices)
        return .undecodable("\(entry).\(field): \(value) is out of range \(range.lowerBound)...\(range.upperBound)")
    }
}
