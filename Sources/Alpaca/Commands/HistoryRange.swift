import APIClient
import StrategyKit
import Wire

/// Which of Alpaca's feeds market data comes from: IEX (the free plan's), the consolidated SIP
/// (a paid plan's), or the SIP delayed by 15 minutes.
public enum AlpacaFeed: String, Sendable, Hashable, CaseIterable {
    case iex, sip
    case delayedSIP = "delayed_sip"
}

/// What a page of historical quotes or trades asks for: one symbol's records from `start` to
/// `end` (RFC 3339), oldest first, `limit` (1...10,000) a page, continuing at `pageToken`.
public struct HistoryRange: Sendable, Hashable {
    public var symbol: Symbol
    public var start: Timestamp
    public var end: Timestamp
    public var feed: AlpacaFeed?
    public var limit: Int
    public var pageToken: String?

    public init(symbol: Symbol, start: Timestamp, end: Timestamp, feed: AlpacaFeed? = nil, limit: Int = 10_000, pageToken: String? = nil) {
        precondition((1...10_000).contains(limit), "Alpaca pages history by 1...10000")
        self.symbol = symbol
        self.start = start
        self.end = end
        self.feed = feed
        self.limit = limit
        self.pageToken = pageToken
    }

    /// `/v2/stocks/{symbol}/{kind}?start&end&limit&feed&sort=asc&page_token`.
    func path(_ kind: String) -> String {
        AlpacaPath.make("/v2/stocks/\(PercentEncoding.encode(symbol.rawValue))/\(kind)", [
            ("start", start.iso8601), ("end", end.iso8601), ("limit", String(limit)), ("feed", feed?.rawValue), ("sort", "asc"),
            ("page_token", pageToken),
        ])
    }

    /// Reads a page `{"KIND":[...],"symbol":S,"next_page_token":...}`, each record with `item`.
    func decode<Item>(
        _ body: UnsafeRawBufferPointer, _ kind: StaticString, _ item: (inout JSONReader, String) throws(JSONReadError) -> Item
    ) throws(JSONReadError) -> AlpacaPage<Item> {
        try JSONReader.document(body) { reader throws(JSONReadError) in
            var items: [Item] = [], token: String?
            try reader.readObject { reader, key throws(JSONReadError) in
                if key.equals(kind) {
                    items = try reader.null() ? [] : try reader.array { reader throws(JSONReadError) in try item(&reader, symbol.rawValue) }
                } else if key.equals("next_page_token") {
                    token = try reader.optionalString()
                } else {
                    try reader.skipValue()
                }
            }
            return AlpacaPage(items: items, nextPageToken: token)
        }
    }
}
