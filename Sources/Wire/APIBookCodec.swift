import StrategyKit

/// The StockFighter API's order book response (GET `/venues/:venue/stocks/:stock`), read by
/// the exchange client on its hot path and written by the simulated exchange.
///
/// Reading takes an empty side as `[]` or `null`, and refuses a price or quantity outside
/// `APINumbers`' ranges, naming the entry (`order book: bids[2].price: ...`).
public enum APIBookCodec {
    /// Reads a whole response. Venue and symbol default to `venue` and `symbol`; the snapshot's
    /// `receivedTime` is `receivedAt` and its `sequence` 0, for the poller to number.
    public static func decode(
        _ body: UnsafeRawBufferPointer, venue: Venue, symbol: Symbol, receivedAt: Timestamp
    ) throws(JSONReadError) -> BookSnapshot {
        var reader = JSONReader(body)
        var venue = venue, symbol = symbol, bids: [BookEntry] = [], asks: [BookEntry] = []
        var ts: Timestamp?
        try reader.readObject { reader, key throws(JSONReadError) in
            if key.equals("bids") {
                bids = try readSide(&reader, isBuy: true)
            } else if key.equals("asks") {
                asks = try readSide(&reader, isBuy: false)
            } else if key.equals("ts") {
                ts = try reader.timestamp()
            } else if key.equals("venue") {
                venue = Venue(try reader.string())
            } else if key.equals("symbol") {
                symbol = Symbol(try reader.string())
            } else {
                try reader.skipValue()
            }
        }
        try reader.expectEnd()
        guard let ts else { throw .refused("order book: missing ts") }
        return BookSnapshot(
            venue: venue, symbol: symbol, bids: bids, asks: asks, exchangeTime: ts, receivedTime: receivedAt, sequence: 0)
    }

    private static func readSide(_ reader: inout JSONReader, isBuy: Bool) throws(JSONReadError) -> [BookEntry] {
        var entries: [BookEntry] = []
        guard try !reader.null() else { return entries }
        try reader.readArray { reader throws(JSONReadError) in
            var price: Int64?, qty: Int64?, buy = isBuy
            try reader.readObject { reader, key throws(JSONReadError) in
                if key.equals("price") {
                    price = try reader.int64()
                } else if key.equals("qty") {
                    qty = try reader.int64()
                } else if key.equals("isBuy") {
                    buy = try reader.bool()
                } else {
                    try reader.skipValue()
                }
            }
            guard let price, let qty else { throw .refused("book entry before byte \(reader.offset): needs price and qty") }
            // Checked once both are read, with one unsigned comparison each: this is the hot path.
            guard UInt64(bitPattern: price) <= UInt64(APINumbers.prices.upperBound),
                  UInt64(bitPattern: qty) <= UInt64(Quantity.maxAccepted.shares)
            else { throw outOfRange(price: price, qty: qty, isBuy: isBuy, index: entries.count) }
            entries.append(BookEntry(price: Price(cents: price), qty: Quantity(shares: qty), isBuy: buy))
        }
        return entries
    }

    /// The error for entry `index` of a side whose price or quantity is out of range.
    private static func outOfRange(price: Int64, qty: Int64, isBuy: Bool, index: Int) -> JSONReadError {
        let entry = "order book: \(isBuy ? "bids" : "asks")[\(index)]"
        let (field, value, range) = APINumbers.prices.contains(price)
            ? ("qty", qty, APINumbers.quantities) : ("price", price, APINumbers.prices)
        return .refused("\(entry).\(field): \(value) is out of range \(range.lowerBound)...\(range.upperBound)")
    }

    /// Writes the response up to and including `"ts":`, which the caller completes with the
    /// time and `}`; the part before is reusable while the book does not change.
    public static func writePrefix(venue: Venue, symbol: Symbol, bids: [BookEntry], asks: [BookEntry], to writer: inout JSONWriter) {
        writer.raw("{\"ok\":true,\"venue\":")
        writer.string(venue.rawValue)
        writer.raw(",\"symbol\":")
        writer.string(symbol.rawValue)
        writer.raw(",\"bids\":")
        writeEntries(bids, isBuy: true, to: &writer)
        writer.raw(",\"asks\":")
        writeEntries(asks, isBuy: false, to: &writer)
        writer.raw(",\"ts\":")
    }

    private static func writeEntries(_ entries: [BookEntry], isBuy: Bool, to writer: inout JSONWriter) {
        writer.raw("[")
        for (index, entry) in entries.enumerated() {
            writer.raw(index == 0 ? "{\"price\":" : ",{\"price\":")
            writer.int(APINumbers.cents(entry.price))
            writer.raw(",\"qty\":")
            writer.int(entry.qty.shares)
            writer.raw(isBuy ? ",\"isBuy\":true}" : ",\"isBuy\":false}")
        }
        writer.raw("]")
    }
}
