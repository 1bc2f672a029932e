import APIClient
import StrategyKit
import Wire

/// GET `/v1beta1/news`: one page of articles about `symbols`, newest first, at most `limit`
/// (1...50). Follow `nextPageToken` for more.
public struct GetNews: AlpacaCommand, Hashable {
    public var symbols: [Symbol]
    public var start: Timestamp?
    public var end: Timestamp?
    public var limit: Int
    public var pageToken: String?

    public init(symbols: [Symbol], start: Timestamp? = nil, end: Timestamp? = nil, limit: Int = 10, pageToken: String? = nil) {
        precondition((1...50).contains(limit), "Alpaca pages news by 1...50")
        self.symbols = symbols
        self.start = start
        self.end = end
        self.limit = limit
        self.pageToken = pageToken
    }

    public var api: AlpacaAPI { .marketData }
    public var method: HTTPMethod { .get }
    public var path: String {
        AlpacaPath.make("/v1beta1/news", [
            ("symbols", symbols.isEmpty ? nil : symbols.map(\.rawValue).joined(separator: ",")), ("start", start?.iso8601),
            ("end", end?.iso8601), ("limit", String(limit)), ("page_token", pageToken),
        ])
    }

    public func decode(_ body: UnsafeRawBufferPointer) throws(JSONReadError) -> AlpacaPage<NewsArticle> {
        try JSONReader.document(body) { reader throws(JSONReadError) in
            var articles: [NewsArticle] = [], token: String?
            try reader.readObject { reader, key throws(JSONReadError) in
                if key.equals("news") {
                    articles = try reader.array { reader throws(JSONReadError) in try NewsArticle(reading: &reader) }
                } else if key.equals("next_page_token") {
                    token = try reader.optionalString()
                } else {
                    try reader.skipValue()
                }
            }
            return AlpacaPage(items: articles, nextPageToken: token)
        }
    }
}
