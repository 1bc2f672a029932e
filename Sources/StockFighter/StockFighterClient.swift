import APIClient
import StrategyKit

/// The exchange client for the engine and for scripts: one async method per API call, each
/// returning StrategyKit values or throwing an `ExchangeError`.
///
/// Every call goes through one `CommandInvoker`, so all users of a client share its retry
/// policy, rate limit and log.
public final class StockFighterClient: Sendable {
    /// The invoker every call goes through (for chains and custom commands).
    public let invoker: CommandInvoker

    /// A client over an existing invoker.
    public init(invoker: CommandInvoker) { self.invoker = invoker }

    /// A client for the API at `baseURL` over keep-alive connections (TLS for `https://`,
    /// trusting the system's certificate authorities and those in `caFile`), sending `apiKey`
    /// with the calls that need it.
    public convenience init(
        baseURL: String, apiKey: APIKey?, policy: RetryPolicy = .standard,
        rateLimiter: RateLimiter? = RateLimiter(ratePerSecond: 50, burst: 20), log: ExchangeLogHandler? = nil,
        caFile: String? = nil
    ) throws(ExchangeError) {
        let transport: KeepAliveTransport
        let endpoint: ExchangeEndpoint
        do throws(TransportError) {
            endpoint = try ExchangeEndpoint(baseURL: baseURL, defaultPath: CommandInvoker.defaultBasePath)
            transport = try endpoint.makeTransport(timeout: policy.attemptTimeout, caFile: caFile)
        } catch {
            throw .transport(error)
        }
        self.init(invoker: CommandInvoker(
            transport: transport, basePath: endpoint.basePath, apiKey: apiKey, policy: policy, rateLimiter: rateLimiter, log: log))
    }

    /// Succeeds if the API is up.
    public func heartbeat() async throws(ExchangeError) {
        try await invoker.run(Heartbeat())
    }

    /// Succeeds with the venue's name if `venue` is up.
    public func heartbeat(venue: Venue) async throws(ExchangeError) -> Venue {
        try await invoker.run(VenueHeartbeat(venue: venue))
    }

    /// The stocks `venue` trades.
    public func stocks(venue: Venue) async throws(ExchangeError) -> [StockListing] {
        try await invoker.run(ListStocks(venue: venue))
    }

    /// The order book of `symbol` on `venue` (sequence 0: numbering is the poller's).
    public func orderBook(venue: Venue, symbol: Symbol) async throws(ExchangeError) -> BookSnapshot {
        try await invoker.run(GetOrderBook(venue: venue, symbol: symbol))
    }

    /// The quote of `symbol` on `venue`.
    public func quote(venue: Venue, symbol: Symbol) async throws(ExchangeError) -> Quote {
        try await invoker.run(GetQuote(venue: venue, symbol: symbol))
    }

    /// Places `order` once. A lost answer throws `outcomeUnknown`; settle it with `resolve(_:)`.
    public func placeOrder(_ order: PlaceOrder) async throws(ExchangeError) -> OrderStatus {
        try await invoker.run(order)
    }

    /// Looks up a placement of unknown outcome in the account's orders.
    public func resolve(_ unknown: UnknownPlacement) async throws(ExchangeError) -> PlacementResolution {
        try await invoker.resolve(unknown)
    }

    /// The state of order `id` of `symbol` on `venue`.
    public func orderStatus(venue: Venue, symbol: Symbol, id: OrderID) async throws(ExchangeError) -> OrderStatus {
        try await invoker.run(GetOrderStatus(venue: venue, symbol: symbol, id: id))
    }

    /// Cancels order `id` and returns its final state.
    public func cancelOrder(venue: Venue, symbol: Symbol, id: OrderID) async throws(ExchangeError) -> OrderStatus {
        try await invoker.run(CancelOrder(venue: venue, symbol: symbol, id: id))
    }

    /// Every order of `account` on `venue`, or only those in `symbol` when given.
    public func orders(venue: Venue, account: Account, symbol: Symbol? = nil) async throws(ExchangeError) -> [OrderStatus] {
        if let symbol {
            return try await invoker.run(ListAccountStockOrders(venue: venue, account: account, symbol: symbol))
        }
        return try await invoker.run(ListAccountOrders(venue: venue, account: account))
    }
}
