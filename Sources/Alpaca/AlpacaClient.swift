import APIClient
import StrategyKit

/// Alpaca's trading and market-data APIs for the broker, the CLI and scripts: one async method
/// per call, plus the paging and the settlement of lost placements built on them.
///
/// Every call goes through one `AlpacaInvoker`, so all users of a client share its retries,
/// rate-limit hold and log.
public final class AlpacaClient: Sendable {
    /// The invoker every call goes through.
    public let invoker: AlpacaInvoker
    /// Where its streams are; nil when not known (a client made over an invoker without them),
    /// and then the broker does not stream.
    public let streams: AlpacaStreamEndpoints?

    /// A client over an existing invoker, with its streams at `streams`.
    public init(invoker: AlpacaInvoker, streams: AlpacaStreamEndpoints? = nil) {
        self.invoker = invoker
        self.streams = streams
    }

    /// A client of the trading API at `tradingURL` and the market-data API at `marketDataURL`
    /// (TLS for `https://`), authenticating with `credentials`; its streams are derived from the
    /// two URLs, the market-data stream's at `dataStreamURL` when given
    /// (`AlpacaStreamEndpoints.derived`).
    public convenience init(
        tradingURL: String, marketDataURL: String, credentials: AlpacaCredentials, policy: RetryPolicy = .standard,
        rateLimiter: RateLimiter? = nil, caFile: String? = nil, dataStreamURL: String? = nil, log: (@Sendable (String) -> Void)? = nil
    ) throws(AlpacaError) {
        self.init(
            invoker: AlpacaInvoker(
                trading: try AlpacaEndpoint(baseURL: tradingURL, timeout: policy.attemptTimeout, caFile: caFile),
                marketData: try AlpacaEndpoint(baseURL: marketDataURL, timeout: policy.attemptTimeout, caFile: caFile),
                credentials: credentials, policy: policy, rateLimiter: rateLimiter, log: log),
            streams: AlpacaStreamEndpoints.derived(
                tradingURL: tradingURL, marketDataURL: marketDataURL, dataStreamURL: dataStreamURL, caFile: caFile))
    }

    public func account() async throws(AlpacaError) -> AlpacaAccount { try await invoker.run(GetAccount()) }
    public func clock() async throws(AlpacaError) -> AlpacaClock { try await invoker.run(GetClock()) }
    public func asset(_ symbol: Symbol) async throws(AlpacaError) -> AlpacaAsset { try await invoker.run(GetAsset(symbol: symbol)) }
    public func assets(status: String? = "active") async throws(AlpacaError) -> [AlpacaAsset] {
        try await invoker.run(ListAssets(status: status))
    }
    public func positions() async throws(AlpacaError) -> [AlpacaPosition] { try await invoker.run(ListPositions()) }
    public func order(id: String) async throws(AlpacaError) -> AlpacaOrder { try await invoker.run(GetOrder(id: id)) }
    public func order(clientOrderID: String) async throws(AlpacaError) -> AlpacaOrder {
        try await invoker.run(GetOrderByClientID(clientOrderID: clientOrderID))
    }
    public func orders(_ query: ListOrders = ListOrders()) async throws(AlpacaError) -> [AlpacaOrder] { try await invoker.run(query) }
    /// Asks for order `id`'s cancellation; the order's final state comes from `order(id:)`.
    public func cancel(id: String) async throws(AlpacaError) { try await invoker.run(CancelAlpacaOrder(id: id)) }
    public func cancelAll() async throws(AlpacaError) -> [CancelAllOrders.Outcome] { try await invoker.run(CancelAllOrders()) }
    public func latestQuotes(_ symbols: [Symbol]) async throws(AlpacaError) -> [Symbol: AlpacaQuote] {
        try await invoker.run(GetLatestQuotes(symbols: symbols))
    }
    public func latestTrades(_ symbols: [Symbol]) async throws(AlpacaError) -> [Symbol: AlpacaTrade] {
        try await invoker.run(GetLatestTrades(symbols: symbols))
    }
    public func snapshots(_ symbols: [Symbol]) async throws(AlpacaError) -> [Symbol: AlpacaSnapshot] {
        try await invoker.run(GetSnapshots(symbols: symbols))
    }

    /// Places `order` (or replaces an order by it) so that it exists at most once. A placement whose answer was lost or
    /// unreadable (a time-out, a connection lost after sending, a 5xx, a 2xx body that cannot be
    /// read) is settled by looking the order up by its client order id; if it is not there, the
    /// same placement is sent again, which the API refuses as a duplicate if the first one went
    /// through after all (and the lookup then finds it). Throws `outcomeUnknown` when neither
    /// settles it, and when the resend is refused for any other reason: a lookup can miss an
    /// order that exists (and whose buying power then refuses the resend).
    public func place(_ order: some AlpacaPlacement) async throws(AlpacaError) -> AlpacaOrder {
        var cause: AlpacaError
        do {
            return try await invoker.run(order)
        } catch {
            guard error.isDuplicateClientOrderID || Self.mayHavePlaced(error) else { throw error }
            cause = error
        }
        for _ in 0..<3 {
            do {
                return try await invoker.run(GetOrderByClientID(clientOrderID: order.clientOrderID))
            } catch {
                guard case .notFound = error else { throw .outcomeUnknown(clientOrderID: order.clientOrderID, cause: "\(cause); lookup: \(error)") }
            }
            do {
                return try await invoker.run(order)
            } catch {
                guard error.isDuplicateClientOrderID || Self.mayHavePlaced(error) else {
                    throw .outcomeUnknown(clientOrderID: order.clientOrderID, cause: "\(cause); resent: \(error)")
                }
                cause = error
            }
        }
        throw .outcomeUnknown(clientOrderID: order.clientOrderID, cause: cause.description)
    }

    /// Whether a failed placement may have created the order: it may have reached the API and
    /// no refusal came back (a 5xx may come from a gateway after the API acted; an unreadable
    /// 2xx answer is an order).
    static func mayHavePlaced(_ error: AlpacaError) -> Bool {
        switch error {
        case .server, .undecodable: return true
        default: return error.mayHaveReachedServer
        }
    }

    /// Every fill of the account after `after` (all when nil), oldest first, following the
    /// pages to the end. A page that does not move past the last one's token (a server
    /// repeating a page) ends the read with `undecodable`, so that it cannot loop for ever.
    public func fillActivities(after: Timestamp? = nil, pageSize: Int = 100) async throws(AlpacaError) -> [FillActivity] {
        var fills: [FillActivity] = []
        var token: String?
        while true {
            let page = try await invoker.run(ListFillActivities(after: token == nil ? after : nil, pageToken: token, pageSize: pageSize))
            fills += page
            guard page.count == pageSize, let last = page.last else { return fills }
            guard token.map({ last.id > $0 }) ?? true else {
                throw .undecodable(endpoint: "GET /v2/account/activities/FILL", reason: "the page after \(last.id) did not move past it")
            }
            token = last.id
        }
    }

    /// The orders `query` lists, newest first, followed back in time past the 500 a page holds:
    /// each next page asks for the orders created before the oldest of the last, until a page
    /// is short or `enough` says the orders so far suffice. A page that does not reach back
    /// past the last one (500 orders created in one instant) ends with `undecodable`.
    public func allOrders(_ query: ListOrders, enough: ([AlpacaOrder]) -> Bool = { _ in false }) async throws(AlpacaError) -> [AlpacaOrder] {
        var orders: [AlpacaOrder] = []
        var ids: Set<String> = []
        var page = query
        while true {
            let listed = try await invoker.run(page)
            let new = listed.filter { ids.insert($0.id).inserted }
            orders += new
            guard listed.count == page.limit, !enough(orders), let oldest = listed.map(\.createdAt).min() else { return orders }
            // `until` is exclusive: orders created in the oldest one's instant come again, once.
            let until = oldest.advanced(byNanoseconds: 1)
            guard !new.isEmpty, page.until.map({ until < $0 }) ?? true else {
                throw .undecodable(endpoint: "GET /v2/orders", reason: "the page until \(until) did not reach back past the last one")
            }
            page.until = until
        }
    }

    /// Every bar of `symbol` of `timeframe` between `start` and `end`, oldest first, following
    /// `next_page_token` to the end.
    public func bars(
        _ symbol: Symbol, timeframe: AlpacaTimeframe, start: Timestamp? = nil, end: Timestamp? = nil, pageSize: Int = 10_000
    ) async throws(AlpacaError) -> [AlpacaBar] {
        var bars: [AlpacaBar] = []
        var token: String?
        repeat {
            let page = try await invoker.run(GetBars(symbol: symbol, timeframe: timeframe, start: start, end: end, limit: pageSize, pageToken: token))
            bars += page.items
            token = page.nextPageToken
        } while token != nil
        return bars
    }

    /// The quotes of `range` (its symbol, start and end), oldest first, a page at a time.
    public func historicalQuotes(_ range: HistoryRange) -> HistoryPages<GetHistoricalQuotes> {
        HistoryPages(invoker: invoker, command: GetHistoricalQuotes(range))
    }

    /// The trades of `range`, oldest first, a page at a time.
    public func historicalTrades(_ range: HistoryRange) -> HistoryPages<GetHistoricalTrades> {
        HistoryPages(invoker: invoker, command: GetHistoricalTrades(range))
    }

    /// The trading days from `start` to `end` (`YYYY-MM-DD`).
    public func calendar(start: String, end: String) async throws(AlpacaError) -> [AlpacaCalendarDay] {
        try await invoker.run(GetCalendar(start: start, end: end))
    }

    /// The `limit` newest articles about `symbols`, following pages of at most 50.
    public func news(_ symbols: [Symbol], limit: Int = 10) async throws(AlpacaError) -> [NewsArticle] {
        var articles: [NewsArticle] = []
        var token: String?
        repeat {
            let page = try await invoker.run(GetNews(symbols: symbols, limit: min(50, limit - articles.count), pageToken: token))
            articles += page.items
            token = page.items.isEmpty ? nil : page.nextPageToken
        } while token != nil && articles.count < limit
        return articles
    }
}
