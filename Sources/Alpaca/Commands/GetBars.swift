import APIClient
import StrategyKit
import Wire

/// GET `/v2/stocks/{symbol}/bars`: one page of `symbol`'s bars of `timeframe` between `start`
/// and `end`, oldest first, at most `limit` (1...10,000). Follow `nextPageToken` for the rest.
public struct GetBars: AlpacaCommand, Hashable {
    public var symbol: Symbol
    public var timeframe: AlpacaTimeframe
    public var start: Timestamp?
    public var end: Timestamp?
    public var limit: Int
    public var pageToken: String?

    public init(
        symbol: Symbol, timeframe: AlpacaTimeframe, start: Timestamp? = nil, end: Timestamp? = nil, limit: Int = 10_000,
        pageToken: String? = nil
    ) {
        precondition((1...10_000).contains(limit), "Alpaca pages bars by 1...10000")
        self.symbol = symbol
        self.timeframe = timeframe
        self.start = start
        self.end = end
        self.limit = limit
        self.pageToken = pageToken
    }

    public var api: AlpacaAPI { .marketData }
    public var method: HTTPMethod { .get }
    public var path: String {
        AlpacaPath.make("/v2/stocks/\(PercentEncoding.encode(symbol.rawValue))/bars", [
            ("timeframe", timeframe.rawValue), ("start", start?.iso8601), ("end", end?.iso8601), ("limit", String(limit)),
            ("page_token", pageToken),
        ])
    }

    public func decode(_ body: UnsafeRawBufferPointer) throws(JSONReadError) -> AlpacaPage<AlpacaBar> {
        try JSONReader.document(body) { reader throws(JSONReadError) in
            var bars: [AlpacaBar] = [], token: String?
            try reader.readObject { reader, key throws(JSONReadError) in
                if key.equals("bars") {
                    bars = try reader.null() ? [] : try reader.array { reader throws(JSONReadError) in
                        try AlpacaBar(reading: &reader, symbol: symbol.rawValue)
                    }
                } else if key.equals("next_page_token") {
                    token = try reader.optionalString()
                } else {
                    try reader.skipValue()
                }
            }
            return AlpacaPage(items: bars, nextPageToken: token)
        }
    }
}
