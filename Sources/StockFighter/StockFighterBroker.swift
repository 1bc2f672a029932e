import Brokerage
import StrategyKit

/// The StockFighter API as a `Broker`: each call is the client's, with `ExchangeError` sorted
/// into `BrokerError` (`ExchangeError.brokerError`).
public struct StockFighterBroker: Broker {
    /// The client every call goes through (and its invoker's retries, rate limit and log).
    public let client: StockFighterClient
    public let account: Account
    /// Where its push stream's feeds are; nil: it does not stream, and the runner polls.
    public let stream: StockFighterStreamEndpoint?

    /// A broker trading for `account` through `client`, streaming from `stream` when given.
    public init(client: StockFighterClient, account: Account, stream: StockFighterStreamEndpoint? = nil) {
        self.client = client
        self.account = account
        self.stream = stream
    }

    /// Plain orders only: the API has no stops, order classes or amendments, so the engine holds
    /// those for it.
    public var capabilities: VenueCapabilities { .plainOrders }

    public func book(venue: Venue, symbol: Symbol) async throws(BrokerError) -> BookSnapshot {
        do { return try await client.orderBook(venue: venue, symbol: symbol) } catch { throw error.brokerError }
    }

    /// The quote's last trade (`last`, `lastSize`, `lastTrade`); nil while the quote has none.
    public func lastTrade(venue: Venue, symbol: Symbol) async throws(BrokerError) -> Trade? {
        let quote: Quote
        do { quote = try await client.quote(venue: venue, symbol: symbol) } catch { throw error.brokerError }
        return quote.lastPrint
    }

    /// Always open: the API has no sessions.
    public func session(venue: Venue) async throws(BrokerError) -> MarketSession { .alwaysOpen }

    /// Refuses, unsent, a priced order whose limit is not a whole number of cents: the API's
    /// tick is a cent, and an order sent at another price than the engine tracks could not be
    /// recognised among the account's orders.
    public func place(_ order: OrderRequest, venue: Venue) async throws(BrokerError) -> OrderStatus {
        guard !order.type.isPriced || order.price.wholeCents != nil else {
            throw .rejected("POST order \(order.side.rawValue) \(order.qty) \(order.symbol) @ \(order.price): the StockFighter API trades in whole cents")
        }
        do {
            return try await client.placeOrder(PlaceOrder(venue: venue, account: account, request: order))
        } catch {
            throw error.brokerError
        }
    }

    /// Refuses, unsent: the API has no order classes. The engine never calls it here, since
    /// `capabilities` has no groups.
    public func placeGroup(_ group: OrderGroup, venue: Venue) async throws(BrokerError) -> [OrderStatus] {
        throw .rejected("\(group.orderClass.rawValue) of \(group.legs.count) orders on \(venue): the StockFighter API has no order classes")
    }

    /// Refuses, unsent: the API cannot amend an order. The engine never calls it here, since
    /// `capabilities` has no replace.
    public func replace(venue: Venue, symbol: Symbol, id: OrderID, price: Price?, qty: Quantity?) async throws(BrokerError) -> OrderStatus {
        throw .rejected("replace order \(id) of \(symbol) on \(venue): the StockFighter API cannot amend an order")
    }

    public func cancel(venue: Venue, symbol: Symbol, id: OrderID) async throws(BrokerError) -> OrderStatus {
        do { return try await client.cancelOrder(venue: venue, symbol: symbol, id: id) } catch { throw error.brokerError }
    }

    public func status(venue: Venue, symbol: Symbol, id: OrderID) async throws(BrokerError) -> OrderStatus {
        do { return try await client.orderStatus(venue: venue, symbol: symbol, id: id) } catch { throw error.brokerError }
    }

    public func orders(venue: Venue) async throws(BrokerError) -> [OrderStatus] {
        do { return try await client.orders(venue: venue, account: account) } catch { throw error.brokerError }
    }

    /// The venue's tickertape (quotes of `symbols` as books, their last trades) and the account's
    /// executions (each fill's order) as one stream (`StockFighterStream`); nil without a
    /// `stream` endpoint. A refused or failed connection is `notActedOn`.
    public func openStream(
        venue: Venue, symbols: [Symbol], onEvent: @escaping @Sendable (BrokerStreamEvent) -> Void
    ) async throws(BrokerError) -> (any BrokerStream)? {
        guard let stream else { return nil }
        do {
            return try await StockFighterStream(endpoint: stream, account: account, venue: venue, symbols: symbols, onEvent: onEvent)
        } catch {
            throw .notActedOn("open the stream of \(venue): \(error)")
        }
    }

    /// None: the StockFighter API keeps no positions apart from the account's orders.
    public func positions(venue: Venue) async throws(BrokerError) -> [Symbol: Quantity]? { nil }
}
