import Alpaca
import CommandLineKit
import StrategyKit

/// `tickwork news SYMBOL [--limit N]`: the newest articles about a stock from Alpaca's news API.
enum NewsCall {
    static let command = Command(
        name: "news",
        summary: "List the newest news articles about a stock: headline, source, time and URL (Alpaca's API only).",
        arguments: [symbol],
        options: [limit] + ExchangeConnection.options,
        run: run
    )

    static let symbol: Argument<Symbol> = .required("SYMBOL", help: "The stock, e.g. AAPL.", parse: .name())
    static let limit: Option<Int64> = .defaulted(
        "--limit", "N", default: 10, help: "How many articles, newest first (default 10).", parse: .integer(in: 1...1_000))

    static func run(_ invocation: Invocation) throws -> Int32 {
        guard let connection = try AlpacaConnection.selected(invocation) else {
            throw CLIError.usage("news: the StockFighter API has no news; use --api alpaca")
        }
        let symbol = invocation[Self.symbol], limit = Int(invocation[Self.limit])
        let articles = try connection.call { client throws(AlpacaError) in try await client.news([symbol], limit: limit) }
        try connection.print(articles.map(Article.init)) {
            guard !articles.isEmpty else { return "no news about \(symbol)\n" }
            return articles.map { "\($0.createdAt.iso8601)  \($0.source)  \($0.headline)\n  \($0.url)\n" }.joined()
        }
        return 0
    }

    /// An article as JSON, in Alpaca's keys.
    struct Article: Encodable {
        var id: Int64
        var headline, source, created_at, url: String
        var symbols: [String]

        init(_ article: NewsArticle) {
            id = article.id
            headline = article.headline
            source = article.source
            created_at = article.createdAt.iso8601
            url = article.url
            symbols = article.symbols.map(\.rawValue)
        }
    }
}
