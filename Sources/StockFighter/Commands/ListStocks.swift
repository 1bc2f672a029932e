import StrategyKit

/// GET `/venues/:venue/stocks`: the stocks a venue trades, in the server's order.
public struct ListStocks: ExchangeCommand, Hashable {
    public var venue: Venue

    /// Lists the stocks of `venue`.
    public init(venue: Venue) { self.venue = venue }

    public var rateLimitVenue: Venue? { venue }
    public var method: HTTPMethod { .get }
    public var path: String { APIPath.make("venues", venue.rawValue, "stocks") }

    public func decode(_ body: UnsafeRawBufferPointer, context: DecodeContext) throws(ExchangeError) -> [StockListing] {
        var reader = JSONByteReader(body)
        var stocks: [StockListing] = []
        var saw = false
        try reader.readObject { reader, key throws(ExchangeError) in
            guard memoryEquals(key, "symbols") else { return try reader.skipValue() }
            saw = true
            guard try !reader.readNull() else { return }
            try reader.readArray { reader throws(ExchangeError) in
                var symbol: String?, name = ""
                try reader.readObject { reader, key throws(ExchangeError) in
                    if memoryEquals(key, "symbol") {
                        symbol = try reader.readString()
                    } else if memoryEquals(key, "name") {
                        name = try reader.readString()
                    } else {
                        try reader.skipValue()
                    }
                }
                guard let symbol else { throw .undecodable("stock list: an entry has no symbol") }
                stocks.append(StockListing(symbol: Symbol(symbol), name: name))
            }
        }
        try reader.expectEnd()
        guard saw else { throw .undecodable("stock list: missing symbols") }
        return stocks
    }
}
