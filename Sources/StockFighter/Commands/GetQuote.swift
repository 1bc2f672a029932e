import StrategyKit

/// GET `/venues/:venue/stocks/:stock/quote`: the top of the book and the last trade.
///
/// `bid`/`ask` and the last-trade fields may be absent; absent sizes and depths read as 0 and an
/// absent `quoteTime` as the local receive time. A price, size or depth outside
/// 0...1_000_000_000 is refused, naming the field.
public struct GetQuote: ExchangeCommand, Hashable {
    public var venue: Venue
    public var symbol: Symbol

    /// Fetches the quote of `symbol` on `venue`.
    public init(venue: Venue, symbol: Symbol) {
        self.venue = venue
        self.symbol = symbol
    }

    public var rateLimitVenue: Venue? { venue }
    public var method: HTTPMethod { .get }
    public var path: String { APIPath.make("venues", venue.rawValue, "stocks", symbol.rawValue, "quote") }

    public func decode(_ body: UnsafeRawBufferPointer, context: DecodeContext) throws(ExchangeError) -> Quote {
        var reader = JSONByteReader(body)
        var quote = Quote(
            venue: venue, symbol: symbol, bid: nil, ask: nil, bidSize: .zero, askSize: .zero, bidDepth: .zero,
            askDepth: .zero, last: nil, lastSize: nil, lastTrade: nil, quoteTime: context.receivedAt)
        try reader.readObject { reader, key throws(ExchangeError) in
            func field() -> String { "quote: \(String(decoding: key, as: UTF8.self))" }
            func price(_ reader: inout JSONByteReader) throws(ExchangeError) -> Price? {
                try reader.readNull() ? nil : Price(cents: try reader.readInt64(in: JSONByteReader.prices, field: field()))
            }
            func shares(_ reader: inout JSONByteReader) throws(ExchangeError) -> Quantity? {
                try reader.readNull() ? nil : Quantity(shares: try reader.readInt64(in: JSONByteReader.quantities, field: field()))
            }
            if memoryEquals(key, "bid") {
                quote.bid = try price(&reader)
            } else if memoryEquals(key, "ask") {
                quote.ask = try price(&reader)
            } else if memoryEquals(key, "last") {
                quote.last = try price(&reader)
            } else if memoryEquals(key, "bidSize") {
                quote.bidSize = try shares(&reader) ?? .zero
            } else if memoryEquals(key, "askSize") {
                quote.askSize = try shares(&reader) ?? .zero
            } else if memoryEquals(key, "bidDepth") {
                quote.bidDepth = try shares(&reader) ?? .zero
            } else if memoryEquals(key, "askDepth") {
                quote.askDepth = try shares(&reader) ?? .zero
            } else if memoryEquals(key, "lastSize") {
                quote.lastSize = try shares(&reader)
            } else if memoryEquals(key, "lastTrade") {
                quote.lastTrade = try reader.readNull() ? nil : try reader.readTimestamp()
            } else if memoryEquals(key, "quoteTime") {
                if try !reader.readNull() { quote.quoteTime = try reader.readTimestamp() }
            } else if memoryEquals(key, "venue") {
                quote.venue = Venue(try reader.readString())
            } else if memoryEquals(key, "symbol") {
                quote.symbol = Symbol(try reader.readString())
            } else {
                try reader.skipValue()
            }
        }
        try reader.expectEnd()
        return quote
    }
}
