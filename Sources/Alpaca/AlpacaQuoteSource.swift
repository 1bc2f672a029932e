import Lifecycle
import Quoting
import StrategyKit

/// Quotes from Alpaca's market data: one `GET /v2/stocks/snapshots` for the whole list, each
/// snapshot's latest trade (price, time), daily bar (open, high, low) and previous daily bar
/// (previous close) made a `DayQuote`. Alpaca's rate limit is the client's own (its invoker
/// honours 429's `X-Ratelimit-Reset`), and one request a refresh is far below it.
public struct AlpacaQuoteSource: QuoteSource {
    public let name = "alpaca"
    public let client: AlpacaClient

    /// A source asking through `client`.
    public init(client: AlpacaClient) { self.client = client }

    public func quotes(_ symbols: [Symbol], now: ContinuousClock.Instant) -> [Symbol: QuoteOutcome] {
        guard !symbols.isEmpty else { return [:] }
        let snapshots: [Symbol: AlpacaSnapshot]
        do {
            let client = self.client
            snapshots = try runBlocking { () async throws(AlpacaError) in try await client.snapshots(symbols) }
        } catch {
            let failure = QuoteOutcome.failed(Self.quoteError(error))
            return Dictionary(symbols.map { ($0, failure) }, uniquingKeysWith: { first, _ in first })
        }
        return Self.outcomes(symbols, snapshots)
    }

    /// Each of `symbols` made of its snapshot in `snapshots`: unknown when the response has none
    /// for it or its snapshot has no latest trade.
    static func outcomes(_ symbols: [Symbol], _ snapshots: [Symbol: AlpacaSnapshot]) -> [Symbol: QuoteOutcome] {
        var outcomes: [Symbol: QuoteOutcome] = [:]
        for symbol in symbols {
            outcomes[symbol] = snapshots[symbol].flatMap { Self.dayQuote(symbol, $0) }.map(QuoteOutcome.quote) ?? .unknown
        }
        return outcomes
    }

    /// The day's quote of a snapshot; nil without a latest trade (nothing to show as the price).
    /// Before the day's first bar the open, high and low are the last price; without a previous
    /// day's bar the previous close is zero, which the view shows as no change percentage.
    static func dayQuote(_ symbol: Symbol, _ snapshot: AlpacaSnapshot) -> DayQuote? {
        guard let trade = snapshot.latestTrade else { return nil }
        let day = snapshot.dailyBar
        return DayQuote(
            symbol: symbol, price: trade.price, open: day?.open ?? trade.price, high: day?.high ?? trade.price,
            low: day?.low ?? trade.price, previousClose: snapshot.previousDailyBar?.close ?? Price(cents: 0), time: trade.time)
    }

    /// The US equities Alpaca lists (`GET /v2/assets?status=active`) as directory entries; the
    /// type is `ETF` when the name says so, else `Common Stock`, as Alpaca gives no type.
    public func symbols() throws -> [DirectoryEntry] {
        let client = self.client
        return Self.entries(try runBlocking { () async throws(AlpacaError) in try await client.assets(status: "active") })
    }

    /// `assets`' US equities (those of no class too) as directory entries, in their order.
    static func entries(_ assets: [AlpacaAsset]) -> [DirectoryEntry] {
        assets.filter { $0.assetClass.isEmpty || $0.assetClass == "us_equity" }.map { asset in
            DirectoryEntry(
                symbol: asset.symbol.rawValue, name: asset.name, exchange: asset.exchange,
                type: asset.name.uppercased().contains("ETF") ? "ETF" : "Common Stock")
        }
    }

    /// `error` in the quote sources' terms, keeping the endpoint it names.
    public static func quoteError(_ error: any Error) -> QuoteError {
        guard let error = error as? AlpacaError else { return .transport(endpoint: "alpaca", reason: "\(error)") }
        switch error {
        case .unauthorized(let endpoint, let message), .forbidden(let endpoint, _, let message):
            return .unauthorized(endpoint: endpoint, message: message)
        case .rateLimited(let endpoint, _, _): return .rateLimited(endpoint: endpoint)
        case .notFound(let endpoint, _, let message): return .refused(endpoint: endpoint, status: 404, message: message)
        case .unprocessable(let endpoint, _, let message): return .refused(endpoint: endpoint, status: 422, message: message)
        case .server(let endpoint, let status, let message): return .refused(endpoint: endpoint, status: status, message: message)
        case .undecodable(let endpoint, let reason): return .malformed(endpoint: endpoint, reason: reason)
        case .transport, .outcomeUnknown: return .transport(endpoint: "alpaca", reason: "\(error)")
        }
    }
}
