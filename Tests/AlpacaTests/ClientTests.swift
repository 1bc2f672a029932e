import APIClient
import StrategyKit
import Testing
import Wire
@testable import Alpaca
import AlpacaTestSupport

/// The client against a scripted Alpaca over real loopback HTTP.
@Suite(.timeLimit(.minutes(10)))
struct ClientTests {
    @Test func everyCallCarriesBothKeysAndDecodes() async throws {
        let alpaca = try FakeAlpaca()
        defer { alpaca.stop() }
        let client = try alpaca.client()
        let account = try await client.account()
        #expect(account.accountNumber == "PA1TEST" && account.cash == money("100000.00"))
        let clock = try await client.clock()
        #expect(clock.isOpen)
        let quotes = try await client.latestQuotes(["AAPL", "MSFT"])
        #expect(quotes.keys.sorted() == ["AAPL", "MSFT"] && quotes["MSFT"]?.bidPrice == dollars("101.20"))
        #expect(alpaca.state.withLock { $0.keys }.allSatisfy { $0 == "KID/SECRET" })
        #expect(alpaca.state.withLock { $0.requests }.contains("GET /v2/stocks/quotes/latest?symbols=AAPL%2CMSFT"))
    }

    @Test func wrongKeysAreUnauthorizedAndNeverDescribed() async throws {
        let alpaca = try FakeAlpaca()
        defer { alpaca.stop() }
        let endpoint = try AlpacaEndpoint(baseURL: alpaca.baseURL, timeout: .seconds(5))
        let client = AlpacaClient(invoker: AlpacaInvoker(
            trading: endpoint, marketData: endpoint, credentials: AlpacaCredentials(keyID: APIKey("KID"), secret: APIKey("WRONG-SECRET"))))
        let error = await #expect(throws: AlpacaError.self) { try await client.account() }
        #expect(error == .unauthorized(endpoint: "GET /v2/account", message: "unauthorized."))
        #expect(error?.description.contains("WRONG-SECRET") == false)
        #expect("\(AlpacaCredentials(keyID: APIKey("KID"), secret: APIKey("WRONG-SECRET")))".contains("WRONG") == false)
    }

    @Test func placeLookupCancelAndTypedRefusals() async throws {
        let alpaca = try FakeAlpaca()
        defer { alpaca.stop() }
        let client = try alpaca.client()
        let order = try await client.place(PlaceAlpacaOrder(
            symbol: "AAPL", side: .buy, qty: 10, kind: .limit, timeInForce: .gtc, limitPrice: dollars("100.00"), clientOrderID: "tw-a"))
        #expect(order.status == "new" && order.limitPrice == dollars("100.00") && order.timeInForce == "gtc")
        #expect(try await client.order(id: order.id).clientOrderID == "tw-a")
        #expect(try await client.order(clientOrderID: "tw-a").id == order.id)
        #expect(try await client.orders(ListOrders(status: .open, symbols: ["AAPL"])).map(\.id) == [order.id])
        try await client.cancel(id: order.id)
        #expect(try await client.order(id: order.id).status == "canceled")
        let again = await #expect(throws: AlpacaError.self) { try await client.cancel(id: order.id) }
        #expect(again == .unprocessable(endpoint: "DELETE /v2/orders/\(order.id)", code: 42210000, message: "order is not cancelable"))
        let missing = await #expect(throws: AlpacaError.self) { try await client.order(clientOrderID: "nope") }
        guard case .notFound(_, 40410000, _) = missing else { Issue.record("expected notFound, got \(String(describing: missing))"); return }
    }

    @Test func lostPlacementAnswerIsSettledByClientOrderIDWithoutASecondOrder() async throws {
        let alpaca = try FakeAlpaca()
        defer { alpaca.stop() }
        let client = try alpaca.client(wrap: { LosingTransport($0, losses: 1) })
        let placed = try await client.place(PlaceAlpacaOrder(
            symbol: "AAPL", side: .buy, qty: 3, kind: .market, timeInForce: .day, clientOrderID: "tw-lost"))
        #expect(placed.clientOrderID == "tw-lost")
        #expect(alpaca.state.withLock { $0.orders.count } == 1)
        #expect(alpaca.state.withLock { $0.requests }.filter { $0.hasPrefix("POST") }.count == 1)
    }

    @Test func aRepeatedPlacementFindsTheFirstOrderInsteadOfMakingASecond() async throws {
        let alpaca = try FakeAlpaca()
        defer { alpaca.stop() }
        let client = try alpaca.client()
        let order = PlaceAlpacaOrder(
            symbol: "AAPL", side: .sell, qty: 2, kind: .limit, timeInForce: .day, limitPrice: dollars("105.00"), clientOrderID: "tw-x")
        let first = try await client.place(order)
        let second = try await client.place(order)
        #expect(second.id == first.id)
        #expect(alpaca.state.withLock { $0.orders.count } == 1)
    }

    @Test func rateLimitHoldsRequestsUntilTheReset() async throws {
        let alpaca = try FakeAlpaca()
        defer { alpaca.stop() }
        let reset = WallClock.now().nanoseconds / 1_000_000_000 + 1
        alpaca.state.withLock { state in
            state.rateLimited = 1
            state.resetAt = reset
        }
        let client = try alpaca.client()
        let clock = try await client.clock()
        #expect(clock.isOpen)
        // The retry went out no earlier than the reset the 429 named.
        #expect(WallClock.now().nanoseconds >= reset * 1_000_000_000)
        #expect(alpaca.state.withLock { $0.requests }.count == 2)
    }

    @Test func rateLimitedPlacementIsRetriedOnce() async throws {
        let alpaca = try FakeAlpaca()
        defer { alpaca.stop() }
        alpaca.state.withLock { state in
            state.rateLimited = 1
            state.resetAt = WallClock.now().nanoseconds / 1_000_000_000
        }
        let client = try alpaca.client()
        _ = try await client.place(PlaceAlpacaOrder(symbol: "AAPL", side: .buy, qty: 1, kind: .market, timeInForce: .day, clientOrderID: "tw-rl"))
        #expect(alpaca.state.withLock { $0.orders.count } == 1)
    }

    @Test func fillActivitiesBarsAndNewsArePaged() async throws {
        let alpaca = try FakeAlpaca()
        defer { alpaca.stop() }
        let client = try alpaca.client()
        for index in 0..<5 {
            _ = try await client.place(PlaceAlpacaOrder(symbol: "AAPL", side: .buy, qty: 1, kind: .market, timeInForce: .day, clientOrderID: "tw-\(index)"))
        }
        let fills = try await client.fillActivities(pageSize: 2)
        #expect(fills.count == 5 && Set(fills.map(\.id)).count == 5)
        #expect(alpaca.state.withLock { $0.requests }.filter { $0.contains("activities/FILL") }.count == 3)
        let bars = try await client.bars("AAPL", timeframe: .oneMinute, pageSize: 3)
        #expect(bars.count == 9 && alpaca.state.withLock { $0.bars } == 3)
        #expect(bars.map(\.time) == bars.map(\.time).sorted())
        let news = try await client.news(["AAPL"], limit: 60)
        #expect(news.count == 60 && alpaca.state.withLock { $0.news } == 2)
    }

    @Test func refusedConnectionIsATransportError() async throws {
        let alpaca = try FakeAlpaca()
        let url = alpaca.baseURL
        alpaca.stop()
        let endpoint = try AlpacaEndpoint(baseURL: url, timeout: .seconds(2))
        let client = AlpacaClient(invoker: AlpacaInvoker(
            trading: endpoint, marketData: endpoint, credentials: AlpacaCredentials(keyID: APIKey("K"), secret: APIKey("S")),
            policy: RetryPolicy(attemptTimeout: .seconds(2), maxAttempts: 1)))
        let error = await #expect(throws: AlpacaError.self) { try await client.clock() }
        guard case .transport(.couldNotConnect) = error else { Issue.record("expected couldNotConnect, got \(String(describing: error))"); return }
    }
}
