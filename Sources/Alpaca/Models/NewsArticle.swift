import StrategyKit
import Wire

/// One article of `GET /v1beta1/news`.
public struct NewsArticle: Sendable, Hashable {
    public var id: Int64
    public var headline: String
    public var author: String
    public var source: String
    public var summary: String
    public var url: String
    public var symbols: [Symbol]
    public var createdAt: Timestamp

    /// Reads the article object at `reader`; `id`, `headline` and `created_at` are required.
    init(reading reader: inout JSONReader) throws(JSONReadError) {
        var id: Int64?, headline = "", author = "", source = "", summary = "", url = "", symbols: [Symbol] = []
        var created: Timestamp?
        try reader.readObject { reader, key throws(JSONReadError) in
            if key.equals("id") { id = try reader.int64() }
            else if key.equals("headline") { headline = try reader.string() }
            else if key.equals("author") { author = try reader.optionalString() ?? "" }
            else if key.equals("source") { source = try reader.optionalString() ?? "" }
            else if key.equals("summary") { summary = try reader.optionalString() ?? "" }
            else if key.equals("url") { url = try reader.optionalString() ?? "" }
            else if key.equals("created_at") { created = try reader.timestamp() }
            else if key.equals("symbols") { symbols = try reader.array { reader throws(JSONReadError) in Symbol(try reader.string()) } }
            else { try reader.skipValue() }
        }
        guard let id, let created else { throw .refused("news: id and created_at are required") }
        self.id = id
        self.headline = headline
        self.author = author
        self.source = source
        self.summary = summary
        self.url = url
        self.symbols = symbols
        self.createdAt = created
    }
}
