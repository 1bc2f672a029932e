import Alpaca
import SimulatedMarket
import StockFighter
import StrategyKit
import Synchronization
import Testing

/// The Alpaca client against the simulated exchange's own Alpaca API over loopback (not the
/// scripted fake): the two halves of the Alpaca work meet here.
@Suite(.timeLimit(.minutes(10))) struct SimulatedExchangeTests {
    /// A simulated exchange with no bots, and a client of its Alpaca API as account `PAPER1`.
    /// The client's log lines, one per attempt.
    final class AttemptLog: Sendable {
        let lines = Mutex<[String]>([])
    }

    /// Its client logs each attempt into `log`.
    private static func exchange(log: AttemptLog? = nil) throws -> (server: VenueServer, client: AlpacaClient) {
        var configuration = try VenueConfiguration()
        configuration.botInterval = nil
        let server = try VenueServer(configuration: configuration)
        let url = "http://\(server.address)"
        let client = try AlpacaClient(
            tradingURL: url, marketDataURL: url, credentials: AlpacaCredentials(keyID: APIKey("PAPER1"), secret: APIKey("any")),
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
}
