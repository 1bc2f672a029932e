import APIClient
import StrategyKit
import Wire

/// GET `/venues/:venue/stocks`: the stocks a venue trades, in the server's order.
public struct ListStocks: ExchangeCommand, Hashable {
    public var venue: Venue

    /// Lists the stocks of `venue`.
    public init(venue: Venue) { self.venue = venue }

    public var rateLimitVenue: Venue? { venue }
    public var method: HTTPMethod { .get }
    public var path: String { APIPath.make("venues", venue.rawValue, "stocks") }

    public func decode(_ body: UnsafeRawBufferPointer, context: DecodeContext) throws(ExchangeError) -> [StockListing] {
        do throws(JSONReadError) {
            var reader = JSONReader(body)
            var stocks: [StockListing] = []
            var saw = false
            try reader.readObject { reader, key throws(JSONReadError) in
                guard key.equals("symbols") else { return try reader.skipValue() }
                saw = true
                guard try !reader.null() else { return }
                try reader.readArray { reader throws(JSONReadError) in
                    var symbol: String?, name = ""
                    try reader.readObject { reader, key throws(JSONReadError) in
                        if key.equals("symbol") {
                            symbol = try reader.string()
                        } else if key.equals("name") {
                            name = try reader.string()
                        } else {
                            try reader.skipValue()
                        }
                    }
                    guard let symbol else { throw .refused("stock list: an entry has no symbol") }
                    stocks.append(StockListing(symbol: Symbol(symbol), name: name))
                }
            }
            try reader.expectEnd()
            guard saw else { throw .refused("stock list: missing symbols") }
            return stocks
        } catch {
            throw ExchangeError(error)
        }
    }
}
