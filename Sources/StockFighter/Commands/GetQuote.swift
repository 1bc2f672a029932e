import APIClient
import StrategyKit
import Wire

/// GET `/venues/:venue/stocks/:stock/quote`: the top of the book and the last trade.
///
/// The body is the quote object (`QuoteObject`: absent fields, ranges).
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
        do throws(JSONReadError) {
            var reader = JSONReader(body)
            let quote = try QuoteObject.read(&reader, venue: venue, symbol: symbol, receivedAt: context.receivedAt)
            try reader.expectEnd()
            return quote
        } catch {
            throw ExchangeError(error)
        }
    }
}
