import APIClient
import StrategyKit
import Wire

/// GET `/venues/:venue/stocks/:stock`: the order book, decoded on the hot path by the API's
/// book codec (`Wire.APIBookCodec`) without `JSONDecoder`.
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
        do throws(JSONReadError) {
            return try APIBookCodec.decode(body, venue: venue, symbol: symbol, receivedAt: context.receivedAt)
        } catch {
            throw ExchangeError(error)
        }
    }
}
