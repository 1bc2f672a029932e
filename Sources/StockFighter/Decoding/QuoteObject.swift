import StrategyKit
import Wire

/// The API's quote object, as GET `.../quote` answers it and the tickertape stream wraps it:
/// one reader for both.
///
/// `bid`/`ask` and the last-trade fields may be absent; absent sizes and depths read as 0 and an
/// absent `quoteTime` as the local receive time. A price, size or depth outside
/// 0...1_000_000_000 is refused, naming the field.
enum QuoteObject {
    /// Reads the quote object at `reader`, `venue` and `symbol` standing where it names none.
    static func read(_ reader: inout JSONReader, venue: Venue, symbol: Symbol, receivedAt: Timestamp) throws(JSONReadError) -> Quote {
        var quote = Quote(
            venue: venue, symbol: symbol, bid: nil, ask: nil, bidSize: .zero, askSize: .zero, bidDepth: .zero,
            askDepth: .zero, last: nil, lastSize: nil, lastTrade: nil, quoteTime: receivedAt)
        try reader.readObject { reader, key throws(JSONReadError) in
            func field() -> String { "quote: \(String(decoding: key.bytes, as: UTF8.self))" }
            func price(_ reader: inout JSONReader) throws(JSONReadError) -> Price? {
                try reader.null() ? nil : Price(cents: try reader.int64(in: APINumbers.prices, field: field()))
            }
            func shares(_ reader: inout JSONReader) throws(JSONReadError) -> Quantity? {
                try reader.null() ? nil : Quantity(shares: try reader.int64(in: APINumbers.quantities, field: field()))
            }
            if key.equals("bid") {
                quote.bid = try price(&reader)
            } else if key.equals("ask") {
                quote.ask = try price(&reader)
            } else if key.equals("last") {
                quote.last = try price(&reader)
            } else if key.equals("bidSize") {
                quote.bidSize = try shares(&reader) ?? .zero
            } else if key.equals("askSize") {
                quote.askSize = try shares(&reader) ?? .zero
            } else if key.equals("bidDepth") {
                quote.bidDepth = try shares(&reader) ?? .zero
            } else if key.equals("askDepth") {
                quote.askDepth = try shares(&reader) ?? .zero
            } else if key.equals("lastSize") {
                quote.lastSize = try shares(&reader)
            } else if key.equals("lastTrade") {
                quote.lastTrade = try reader.null() ? nil : try reader.timestamp()
            } else if key.equals("quoteTime") {
                if try !reader.null() { quote.quoteTime = try reader.timestamp() }
            } else if key.equals("venue") {
                quote.venue = Venue(try reader.string())
            } else if key.equals("symbol") {
                quote.symbol = Symbol(try reader.string())
            } else {
                try reader.skipValue()
            }
        }
        return quote
    }
}
