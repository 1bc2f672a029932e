import Alpaca
import APIClient
import Brokerage
import MarketTestSupport
import SimulatedMarket
import StrategyKit
import Synchronization
import Testing
import Wire

/// The Alpaca client against the simulated exchange's own Alpaca API over loopback (not the
/// scripted fake): the two halves of the Alpaca work meet here.
@Suite(.timeLimit(.minutes(10))) struct SimulatedExchangeTests {
    /// A simulated exchange with no bots, and a client of its Alpaca API as account `PAPER1`.
    /// The client's log lines, one per attempt.
    final class AttemptLog: Sendable {
        let lines = Mutex<[String]>([])
    }

    /// Its client logs each attempt into `log`.
    private static func exchange(
        log: AttemptLog? = nil, rateLimit: Int? = nil, rateLimitWindow: Duration = .seconds(60), policy: RetryPolicy = .standard
    ) throws -> (server: VenueServer, client: AlpacaClient) {
        var configuration = try VenueConfiguration()
        configuration.botInterval = nil
        configuration.alpaca?.rateLimit = rateLimit
        configuration.alpaca?.rateLimitWindow = rateLimitWindow
        let server = try VenueServer(configuration: configuration)
        let url = "http://\(server.address)"
        let client = try AlpacaClient(
            tradingURL: url, marketDataURL: url, credentials: AlpacaCredentials(keyID: APIKey("PAPER1"), secret: APIKey("any")),
            policy: policy,
            log: { line in log?.lines.withLock { $0.append(line) } })
        return (server, client)
    }

    @Test func aPlacementWhoseAnswerIsLostIsFoundByItsClientOrderIDAndPlacedOnce() async throws {
        let log = AttemptLog()
        let (server, client) = try Self.exchange(log: log)
        defer { server.stop() }
        server.dropResponses(method: "POST", path: "/v2/orders")
        let order = PlaceAlpacaOrder(
            symbol: Symbol("FOOBAR"), side: .buy, qty: Quantity(shares: 5), kind: .limit, timeInForce: .day,
            limitPrice: Price(cents: 4_000), clientOrderID: "tw-lost-1")
        let placed = try await client.place(order)
        #expect(placed.clientOrderID == "tw-lost-1" && placed.status == "new")
        let orders = try await client.orders(ListOrders(status: .all))
        #expect(orders.count == 1, "the lost answer's order, and no second one: \(orders.map(\.clientOrderID))")
        #expect(orders.first?.id == placed.id)
        let attempts = log.lines.withLock { $0 }
        #expect(attempts.first?.contains("failed") == true, "the first answer was lost: \(attempts)")
        #expect(attempts.contains { $0.contains("client_order_id") && $0.hasSuffix("ok") }, "found by lookup: \(attempts)")
    }

    /// An order that fills at two prices has an average with more places than a price has
    /// (3 at $49.90 and 4 at $50.01 average $49.962857...): the placement is still read, and
    /// booked filled at the two prices of its fills.
    @Test func anOrderFilledAtSeveralPricesIsReadWhateverItsAveragePrice() async throws {
        let market = try VenueHarness()
        _ = try market.place("sell", 3, at: 4_990, account: "MAKER1")
        _ = try market.place("sell", 4, at: 5_001, account: "MAKER1")
        let url = "http://\(market.server.address)"
        let client = try AlpacaClient(
            tradingURL: url, marketDataURL: url, credentials: AlpacaCredentials(keyID: APIKey("PAPER1"), secret: APIKey("any")))
        let broker = AlpacaBroker(client: client, account: "PAPER1", symbols: ["FOOBAR"], settings: .init(extendedHours: true))
        let status = try await broker.place(
            OrderRequest(symbol: "FOOBAR", side: .buy, price: Price(cents: 5_005), qty: 7), venue: "TESTEX")
        #expect(status.totalFilled == 7 && !status.open)
        #expect(status.fills.map(\.price) == [Price(cents: 4_990), Price(cents: 5_001)])
        let listed = try await client.orders(ListOrders(status: .all))
        #expect(listed.map(\.filledAvgPrice) == ["49.96285714"])
    }

    /// The broker's last trade is the exchange's latest print of the symbol, fetched for every
    /// symbol at once; none before the first; the market with no session configured is open.
    @Test func theLastTradeIsTheExchangesLatestPrint() async throws {
        let market = try VenueHarness()
        let url = "http://\(market.server.address)"
        let client = try AlpacaClient(
            tradingURL: url, marketDataURL: url, credentials: AlpacaCredentials(keyID: APIKey("PAPER1"), secret: APIKey("any")))
        let before = AlpacaBroker(client: client, account: "PAPER1", symbols: ["FOOBAR"])
        #expect(try await before.lastTrade(venue: "TESTEX", symbol: "FOOBAR") == nil)
        _ = try market.place("buy", 5, at: 5_000, account: "MAKER1")
        _ = try market.place("sell", 3, at: 4_990, account: "MAKER2")
        let broker = AlpacaBroker(client: client, account: "PAPER1", symbols: ["FOOBAR"])
        let trade = try #require(try await broker.lastTrade(venue: "TESTEX", symbol: "FOOBAR"))
        #expect(trade.symbol == "FOOBAR" && trade.price == Price(cents: 5_000) && trade.qty == 3)
        #expect(try await broker.session(venue: "TESTEX").isOpen)
    }

    /// The exchange's limit counts calls per window of the wall clock, here 5 s rather than
    /// Alpaca's minute so that the reset comes within seconds: the retry goes out no earlier
    /// than the reset the 429 named, and succeeds.
    @Test func aRateLimitedCallWaitsForTheResetAndThenSucceeds() async throws {
        let log = AttemptLog()
        let (server, client) = try Self.exchange(
            log: log, rateLimit: 2, rateLimitWindow: .seconds(5), policy: RetryPolicy(totalBudget: .seconds(90)))
        defer { server.stop() }
        // Two calls a window: calls go out until one is refused. Three are enough when they come
        // within one window; a run that holds this task between calls may let a window turn, so
        // up to twenty.
        for _ in 0..<20 where !log.lines.withLock({ $0.contains { $0.contains("rate limited") } }) {
            _ = try await client.clock()
        }
        let attempts = log.lines.withLock { $0 }
        let refused = try #require(attempts.firstIndex { $0.contains("rate limited") }, "\(attempts)")
        let until = try #require(attempts[refused].firstRange(of: "until "), "\(attempts[refused])")
        let reset = try #require(Int64(String(attempts[refused][until.upperBound...].prefix { $0.isNumber })))
        #expect(attempts.count > refused + 1 && attempts[refused + 1].hasSuffix("ok"), "the retry succeeded: \(attempts)")
        #expect(WallClock.now().nanoseconds >= reset * 1_000_000_000, "no retry before the reset")
    }
}
