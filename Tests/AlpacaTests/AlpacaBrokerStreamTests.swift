import Alpaca
import APIClient
import Brokerage
import Foundation
import Live
import MarketTestSupport
import SimulatedMarket
import StrategyKit
import Synchronization
import Testing

/// `AlpacaBroker`'s push stream against the simulated exchange's Alpaca streams over loopback.
@Suite(.timeLimit(.minutes(10))) struct AlpacaBrokerStreamTests {
    final class Events: Sendable {
        let all = Mutex<[BrokerStreamEvent]>([])
        var append: @Sendable (BrokerStreamEvent) -> Void { { event in self.all.withLock { $0.append(event) } } }

        func wait(upTo seconds: Double = 10, until condition: ([BrokerStreamEvent]) -> Bool) async -> Bool {
            let deadline = ContinuousClock.now + .milliseconds(Int(seconds * 1000))
            while ContinuousClock.now < deadline {
                if condition(all.withLock { $0 }) { return true }
                try? await Task.sleep(for: .milliseconds(10))
            }
            return condition(all.withLock { $0 })
        }

        var orders: [OrderStatus] { all.withLock { $0.compactMap { if case .order(let status) = $0 { status } else { nil } } } }
    }

    static func broker(_ market: VenueHarness, secret: String = "any") throws -> AlpacaBroker {
        let url = "http://\(market.server.address)"
        let client = try AlpacaClient(
            tradingURL: url, marketDataURL: url, credentials: AlpacaCredentials(keyID: APIKey("PAPER1"), secret: APIKey(secret)))
        return AlpacaBroker(client: client, account: "PAPER1", symbols: ["FOOBAR"])
    }

    @Test func theStreamDeliversQuotesTradesAndAnOrdersNewPartialFillAndFill() async throws {
        let market = try VenueHarness()
        let broker = try Self.broker(market)
        let events = Events()
        let stream = try #require(try await broker.openStream(venue: "TESTEX", symbols: ["FOOBAR"], onEvent: events.append))
        defer { stream.close() }
        _ = try market.place("sell", 10, at: 10_000, account: "MAKER1")
        #expect(await events.wait { $0.contains { if case .book(let book) = $0 { book.asks.first?.price == Price(cents: 10_000) } else { false } } })
        let placed = try await broker.place(OrderRequest(symbol: "FOOBAR", side: .buy, price: Price(cents: 10_000), qty: 15), venue: "TESTEX")
        #expect(await events.wait { $0.contains { if case .trade(let trade) = $0 { trade.qty == 10 } else { false } } })
        #expect(await events.wait { _ in events.orders.contains { $0.id == placed.id && $0.totalFilled == 10 && $0.open } })
        _ = try market.place("sell", 5, at: 10_000, account: "MAKER1")
        #expect(await events.wait { _ in events.orders.contains { $0.id == placed.id && $0.totalFilled == 15 && !$0.open } })
        let ours = events.orders.filter { $0.id == placed.id }
        #expect(ours.count == 3, "new, partial_fill, fill: \(ours.map(\.totalFilled))")
        #expect(ours.last?.fills.map(\.qty) == [10, 5])
        stream.close()
        #expect(await events.wait { $0.last.map { if case .closed = $0 { true } else { false } } ?? false })
        #expect(events.all.withLock { $0.filter { if case .closed = $0 { true } else { false } }.count } == 1)
    }

    @Test func aRefusedKeyFailsTheOpeningAsRejected() async throws {
        let market = try VenueHarness(apiKeys: [Account("PAPER1"): "right"])
        let broker = try Self.broker(market, secret: "wrong")
        let events = Events()
        let error = await #expect(throws: BrokerError.self) {
            _ = try await broker.openStream(venue: "TESTEX", symbols: ["FOOBAR"], onEvent: events.append)
        }
        guard case .rejected(let reason) = error else { Issue.record("expected a rejection, got \(String(describing: error))"); return }
        #expect(reason.contains("auth failed") || reason.contains("unauthorized"), "\(reason)")
        #expect(events.all.withLock { !$0.contains { if case .closed = $0 { true } else { false } } })
    }

    @Test func theExchangeDroppingItsStreamsEndsTheStreamOnce() async throws {
        let market = try VenueHarness()
        let broker = try Self.broker(market)
        let events = Events()
        let stream = try #require(try await broker.openStream(venue: "TESTEX", symbols: ["FOOBAR"], onEvent: events.append))
        defer { stream.close() }
        #expect(market.server.dropStreams() == 2)
        #expect(await events.wait { $0.contains { if case .closed = $0 { true } else { false } } })
        try await Task.sleep(for: .milliseconds(200))
        #expect(events.all.withLock { $0.filter { if case .closed = $0 { true } else { false } }.count } == 1)
    }

    /// The market-data stream signs in from the connection's own threads, within the server's
    /// 10-second deadline however late the opener's thread gets back to it: held here until the
    /// exchange has the subscription (10 s at most), as a full test suite or a busy runner can hold it.
    @Test func theMarketDataStreamSignsInWhileTheOpenersThreadIsHeld() async throws {
        let market = try VenueHarness()
        let server = market.server
        let broker = try Self.broker(market)
        let opener = ThreadExecutor(name: "alpaca-opener")
        defer { opener.shutDown() }
        let opening = Task(executorPreference: opener) { try await broker.openStream(venue: "TESTEX", symbols: ["FOOBAR"]) { _ in } }
        // Queued behind the opening's first step: holds the thread, the way a busy one would.
        let subscribedWhileHeld = await Task(executorPreference: opener) { () -> Bool in
            let deadline = Date().addingTimeInterval(10)
            while server.streamSubscriberCount == 0, Date() < deadline { usleep(10_000) }
            return server.streamSubscriberCount > 0
        }.value
        #expect(subscribedWhileHeld)
        let stream = try await opening.value
        stream?.close()
    }
}
