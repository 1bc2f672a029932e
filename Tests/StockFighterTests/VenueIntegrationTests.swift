import APIClient
import Foundation
import MarketTestSupport
import StockFighter
import StrategyKit
import Testing
import Wire

/// Starts a `VenueServer` on loopback for the duration of `body`, then stops it.
func withVenue<T>(
    apiKeys: [Account: String]? = nil, idleTimeout: Duration = .seconds(30),
    _ body: (_ baseURL: String) async throws -> T
) async throws -> T {
    let venue = try VenueHarness(apiKeys: apiKeys, idleTimeout: idleTimeout)
    // The harness stops the server when it goes away; this keeps it until `body` has returned.
    defer { withExtendedLifetime(venue) {} }
    return try await body("http://\(venue.server.address)/ob/api")
}

let account: Account = "EXB123456"
let testex: Venue = "TESTEX"
let foobar: Symbol = "FOOBAR"

func order(_ side: Side, _ qty: Int64, at price: Int64, type: OrderType = .limit, account: Account = account) -> PlaceOrder {
    PlaceOrder(venue: testex, account: account, symbol: foobar, side: side, type: type, price: Price(cents: price), qty: Quantity(shares: qty))
}

func client(_ baseURL: String, key: String? = nil) throws -> StockFighterClient {
    try StockFighterClient(baseURL: baseURL, apiKey: key.map(APIKey.init), policy: RetryPolicy(attemptTimeout: .seconds(5), maxAttempts: 2))
}

@Suite(.timeLimit(.minutes(10))) struct VenueIntegrationTests {
    @Test func everyCommandWorksAgainstTheVenueOverKeepAlive() async throws {
        try await withVenue { baseURL in
            let exchange = try client(baseURL)
            try await exchange.heartbeat()
            #expect(try await exchange.heartbeat(venue: testex) == testex)
            #expect(try await exchange.stocks(venue: testex).map(\.symbol).contains(foobar))

            let bid = try await exchange.placeOrder(order(.buy, 100, at: 5000))
            #expect(bid.open && bid.qty == 100 && bid.originalQty == 100 && bid.account == account && bid.side == .buy)
            let ask = try await exchange.placeOrder(order(.sell, 30, at: 4990, type: .immediateOrCancel))
            #expect(ask.totalFilled == 30 && !ask.open && ask.fills.map(\.price) == [5000])

            let book = try await exchange.orderBook(venue: testex, symbol: foobar)
            #expect(book.bids == [BookEntry(price: 5000, qty: 70, isBuy: true)] && book.asks.isEmpty)
            let quote = try await exchange.quote(venue: testex, symbol: foobar)
            #expect(quote.bid == 5000 && quote.ask == nil && quote.bidSize == 70 && quote.last == 5000 && quote.lastSize == 30)

            let status = try await exchange.orderStatus(venue: testex, symbol: foobar, id: bid.id)
            #expect(status.totalFilled == 30 && status.qty == 70 && status.fills.count == 1)
            #expect(try await exchange.orders(venue: testex, account: account).map(\.id) == [bid.id, ask.id])
            #expect(try await exchange.orders(venue: testex, account: account, symbol: foobar).map(\.id) == [bid.id, ask.id])

            let cancelled = try await exchange.cancelOrder(venue: testex, symbol: foobar, id: bid.id)
            #expect(!cancelled.open && cancelled.qty == 0 && cancelled.totalFilled == 30)
            #expect(try await exchange.cancelOrder(venue: testex, symbol: foobar, id: bid.id) == cancelled)
            #expect(try await exchange.orderBook(venue: testex, symbol: foobar).bids.isEmpty)
        }
    }

    @Test func venueRefusalsBecomeTypedErrors() async throws {
        try await withVenue { baseURL in
            let invoker = try client(baseURL).invoker
            let missing: [ExchangeError?] = [
                await failure(invoker, GetOrderBook(venue: "NOPE", symbol: foobar)),
                await failure(invoker, GetQuote(venue: testex, symbol: "NOPE")),
                await failure(invoker, GetOrderStatus(venue: testex, symbol: foobar, id: 999)),
            ]
            for error in missing {
                guard case .notFound = error else { Issue.record("expected notFound, got \(String(describing: error))"); continue }
            }
            let zero = await failure(invoker, order(.buy, 0, at: 5000))
            guard case .rejected(let status, _) = zero, status == 400 || status == 200 else {
                Issue.record("zero quantity gave \(String(describing: zero))"); return
            }
        }
    }

    @Test func accountsRequireTheOwnersKey() async throws {
        try await withVenue(apiKeys: [account: "key-of-exb", "OTHER1": "key-of-other"]) { baseURL in
            let owner = try client(baseURL, key: "key-of-exb")
            let stranger = try client(baseURL, key: "key-of-other")
            let anonymous = try client(baseURL)
            let placed = try await owner.placeOrder(order(.buy, 10, at: 4000))

            #expect(try await anonymous.orderBook(venue: testex, symbol: foobar).bids.count == 1)
            #expect(try await anonymous.quote(venue: testex, symbol: foobar).bid == 4000)
            let refusals: [ExchangeError?] = [
                await failure(anonymous.invoker, order(.buy, 10, at: 4000)),
                await failure(stranger.invoker, order(.buy, 10, at: 4000)),
                await failure(stranger.invoker, GetOrderStatus(venue: testex, symbol: foobar, id: placed.id)),
                await failure(stranger.invoker, CancelOrder(venue: testex, symbol: foobar, id: placed.id)),
                await failure(stranger.invoker, ListAccountOrders(venue: testex, account: account)),
                await failure(anonymous.invoker, ListAccountStockOrders(venue: testex, account: account, symbol: foobar)),
            ]
            for refusal in refusals {
                guard case .unauthorized = refusal else { Issue.record("expected unauthorized, got \(String(describing: refusal))"); continue }
            }
            #expect(try await owner.orders(venue: testex, account: account).map(\.id) == [placed.id])
            #expect(try await owner.cancelOrder(venue: testex, symbol: foobar, id: placed.id).open == false)
        }
    }

    @Test func unknownPlacementResolvesByLookingTheOrderUp() async throws {
        try await withVenue { baseURL in
            let exchange = try client(baseURL)
            let before = WallClock.now()
            let request = order(.buy, 25, at: 4100)
            let placed = try await exchange.placeOrder(request)
            let after = WallClock.now()
            let unknown = UnknownPlacement(order: request, sentAfter: before, failedAt: after, cause: "test")
            #expect(try await exchange.resolve(unknown) == .placed(placed))

            var other = request
            other.qty = 26
            #expect(try await exchange.resolve(UnknownPlacement(order: other, sentAfter: before, failedAt: after, cause: "test")) == .notPlaced)

            let again = try await exchange.placeOrder(request)
            // A window that covers both placements, however long the calls above took on a busy
            // machine: the first window may end more than the clock skew before the second order.
            let spanningBoth = UnknownPlacement(order: request, sentAfter: before, failedAt: WallClock.now(), cause: "test")
            guard case .ambiguous(let both) = try await exchange.resolve(spanningBoth) else { Issue.record("not ambiguous"); return }
            #expect(both.map(\.id) == [placed.id, again.id])
        }
    }

    @Test func chainStopsAtFirstErrorOrGoesOnAsAsked() async throws {
        try await withVenue { baseURL in
            let invoker = try client(baseURL).invoker
            let commands: [any ExchangeCommand] = [
                Heartbeat(), order(.buy, 5, at: 4500), GetOrderBook(venue: "NOPE", symbol: foobar), GetQuote(venue: testex, symbol: foobar),
            ]
            let stopped = await invoker.runChain(commands, mode: .stopAtFirstError)
            #expect(stopped.map(\.index) == [0, 1, 2])
            guard case .failure(.notFound) = stopped[2].outcome else { Issue.record("step 2 not notFound"); return }
            guard case .success(let placed as OrderStatus) = stopped[1].outcome else { Issue.record("step 1 not an order"); return }
            #expect(placed.qty == 5)

            var reported: [Int] = []
            let all = await invoker.runChain(commands, mode: .continueAfterErrors) { reported.append($0.index) }
            #expect(reported == [0, 1, 2, 3] && all.count == 4)
            guard case .success(let quote as Quote) = all[3].outcome else { Issue.record("step 3 not a quote"); return }
            #expect(quote.bid == 4500 && quote.bidSize == 10)
        }
    }

    @Test func keepAliveTransportReconnectsAfterTheServerClosesIdleConnections() async throws {
        try await withVenue(idleTimeout: .milliseconds(100)) { baseURL in
            let port = try #require(URL(string: baseURL)?.port)
            // One attempt per call: a success after the close proves the transport reconnected
            // by itself, not that the retry policy covered for a dead connection.
            let exchange = try StockFighterClient(
                baseURL: baseURL, apiKey: nil, policy: RetryPolicy(attemptTimeout: .seconds(5), maxAttempts: 1))
            try await exchange.heartbeat()
            #expect(try !LoopbackConnections.states(port: port).isEmpty, "no connection to port \(port) after a call")
            let closed = try await LoopbackConnections.waitUntil(within: .seconds(20)) {
                try LoopbackConnections.states(port: port).contains(LoopbackConnections.closeWait)
            }
            let states = try LoopbackConnections.states(port: port)
            try #require(closed, "the server did not close the idle connection; connection states \(states)")

            try await exchange.heartbeat()
            let placed = try await exchange.placeOrder(order(.sell, 1, at: 9000))
            #expect(try await exchange.orders(venue: testex, account: account).map(\.id) == [placed.id])
        }
    }

    @Test func concurrentCallsShareThePool() async throws {
        try await withVenue { baseURL in
            let exchange = try client(baseURL)
            _ = try await exchange.placeOrder(order(.sell, 3, at: 5100))
            let books = try await withThrowingTaskGroup(of: BookSnapshot.self) { group in
                for _ in 0..<40 { group.addTask { try await exchange.orderBook(venue: testex, symbol: foobar) } }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(books.count == 40 && books.allSatisfy { $0.asks == [BookEntry(price: 5100, qty: 3, isBuy: false)] })
        }
    }
}
