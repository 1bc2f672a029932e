import Brokerage
import StrategyKit
import Testing
@testable import Alpaca
import AlpacaTestSupport

/// `AlpacaBroker` against a scripted Alpaca over loopback.
@Suite(.timeLimit(.minutes(10)))
struct AlpacaBrokerTests {
    let venue: Venue = "ALPACA"

    func broker(_ alpaca: FakeAlpaca, symbols: [Symbol] = ["AAPL", "MSFT"], extendedHours: Bool = false,
                losses: Int = 0) throws -> AlpacaBroker {
        let client = try alpaca.client(wrap: { LosingTransport($0, losses: losses) })
        return AlpacaBroker(client: client, account: "PA1TEST", symbols: symbols, settings: .init(extendedHours: extendedHours, quoteMaxAge: .seconds(60)))
    }

    @Test func booksOfAllSymbolsComeFromOneQuoteRequest() async throws {
        let alpaca = try FakeAlpaca()
        defer { alpaca.stop() }
        let broker = try broker(alpaca)
        async let aapl = broker.book(venue: venue, symbol: "AAPL")
        async let msft = broker.book(venue: venue, symbol: "MSFT")
        let books = try await [aapl, msft]
        #expect(books.map(\.symbol) == ["AAPL", "MSFT"])
        #expect(books[0].bids == [BookEntry(price: dollars("101.20"), qty: 3, isBuy: true)])
        #expect(books[0].asks == [BookEntry(price: dollars("101.30"), qty: 5, isBuy: false)])
        #expect(alpaca.state.withLock { $0.requests }.filter { $0.contains("quotes/latest") } == ["GET /v2/stocks/quotes/latest?symbols=AAPL%2CMSFT"])
        let unknown = await #expect(throws: BrokerError.self) { try await broker.book(venue: venue, symbol: "ZZZZ") }
        guard case .rejected = unknown else { Issue.record("expected a rejection"); return }
    }

    @Test func orderTypesMapToAlpacasTypeAndTimeInForce() async throws {
        let alpaca = try FakeAlpaca()
        defer { alpaca.stop() }
        let broker = try broker(alpaca)
        for type in [OrderType.limit, .immediateOrCancel, .fillOrKill, .market] {
            _ = try await broker.place(OrderRequest(symbol: "AAPL", side: .buy, type: type, price: dollars("99.00"), qty: 1), venue: venue)
        }
        let sent = alpaca.state.withLock { $0.orders.map { "\($0.type)/\($0.timeInForce)" } }
        #expect(sent == ["limit/day", "limit/ioc", "limit/fok", "market/day"])
        #expect(alpaca.state.withLock { $0.orders.allSatisfy { $0.clientOrderID.hasPrefix("tw-") } })
    }

    @Test func fillsAreTheActivitiesAndStableAcrossBrokers() async throws {
        let alpaca = try FakeAlpaca()
        defer { alpaca.stop() }
        let first = try broker(alpaca)
        let placed = try await first.place(OrderRequest(symbol: "AAPL", side: .buy, price: dollars("100.00"), qty: 10), venue: venue)
        #expect(placed.open && placed.fills.isEmpty && placed.qty == 10)
        let cid = alpaca.state.withLock { $0.orders[0].clientOrderID }
        alpaca.fill(clientOrderID: cid, qty: 4, price: "100.00")
        alpaca.fill(clientOrderID: cid, qty: 6, price: "99.99")
        let status = try await first.status(venue: venue, symbol: "AAPL", id: placed.id)
        #expect(status.fills.map(\.qty) == [4, 6] && status.fills.map(\.price) == [dollars("100.00"), dollars("99.99")])
        #expect(!status.open && status.totalFilled == 10)
        // An order placed by hand is not the daemon's to reconcile.
        _ = try await first.client.place(PlaceAlpacaOrder(symbol: "AAPL", side: .buy, qty: 1, kind: .market, timeInForce: .day, clientOrderID: "manual-1"))
        // A broker of a new run (a restart) numbers the same executions the same way.
        let restarted = try broker(alpaca)
        let listed = try await restarted.orders(venue: venue)
        #expect(listed.count == 1 && listed[0].id == placed.id && listed[0].fills == status.fills)
    }

    @Test func lostPlacementIsSettledAndNeverDoubled() async throws {
        let alpaca = try FakeAlpaca()
        defer { alpaca.stop() }
        let broker = try broker(alpaca, losses: 1)
        let status = try await broker.place(OrderRequest(symbol: "AAPL", side: .buy, type: .market, price: .zero, qty: 5), venue: venue)
        #expect(status.totalFilled == 5 && !status.open)
        #expect(alpaca.state.withLock { $0.orders.count } == 1)
    }

    @Test func aPlacementWhoseFillsCannotBeReadAfterItWasCreatedIsUnknownNotRejected() async throws {
        let alpaca = try FakeAlpaca()
        defer { alpaca.stop() }
        alpaca.state.withLock { $0.faults["GET /v2/account/activities/FILL"] = Array(repeating: 503, count: 20) }
        let broker = try broker(alpaca)
        let error = await #expect(throws: BrokerError.self) {
            try await broker.place(OrderRequest(symbol: "AAPL", side: .buy, type: .market, price: .zero, qty: 5), venue: venue)
        }
        guard case .outcomeUnknown = error else { Issue.record("the order filled, so not \(String(describing: error))"); return }
        #expect(alpaca.state.withLock { $0.orders.map(\.status) } == ["filled"])
    }

    @Test func aResendRefusedAfterALookupThatFoundNothingIsUnknown() async throws {
        let alpaca = try FakeAlpaca()
        defer { alpaca.stop() }
        // The first answer is lost, the lookup misses the order it made, and the resend is
        // refused for the buying power that order took: the order exists all the same.
        alpaca.state.withLock { state in
            state.faults["GET /v2/orders:by_client_order_id"] = [404]
            state.faults["POST /v2/orders"] = [0, 403]
        }
        let broker = try broker(alpaca, losses: 1)
        let error = await #expect(throws: BrokerError.self) {
            try await broker.place(OrderRequest(symbol: "AAPL", side: .buy, type: .market, price: .zero, qty: 5), venue: venue)
        }
        guard case .outcomeUnknown = error else { Issue.record("the first order exists, so not \(String(describing: error))"); return }
        #expect(alpaca.state.withLock { $0.orders.count } == 1)
    }

    @Test func closedMarketRefusesNewOrdersWithADenialCode() async throws {
        let alpaca = try FakeAlpaca()
        defer { alpaca.stop() }
        alpaca.state.withLock { $0.isOpen = false }
        let broker = try broker(alpaca)
        let error = await #expect(throws: BrokerError.self) {
            try await broker.place(OrderRequest(symbol: "AAPL", side: .buy, price: dollars("100.00"), qty: 1), venue: venue)
        }
        #expect(error?.description.hasPrefix("MARKET_CLOSED") == true)
        #expect(alpaca.state.withLock { $0.orders.isEmpty })
        let extended = try self.broker(alpaca, extendedHours: true)
        _ = try await extended.place(OrderRequest(symbol: "AAPL", side: .buy, price: dollars("100.00"), qty: 1), venue: venue)
        #expect(alpaca.state.withLock { $0.orders.count } == 1)
    }

    /// The session is `/v2/clock`: closed, with the next open and close it names.
    @Test func theSessionIsTheMarketClock() async throws {
        let alpaca = try FakeAlpaca()
        defer { alpaca.stop() }
        alpaca.state.withLock { $0.isOpen = false }
        let session = try await broker(alpaca).session(venue: venue)
        let opens = try #require(Timestamp(iso8601: "2026-12-01T09:30:00-05:00"))
        let closes = try #require(Timestamp(iso8601: "2026-12-01T16:00:00-05:00"))
        #expect(session == MarketSession(isOpen: false, nextClose: closes, nextOpen: opens))
    }

    @Test func cancelReturnsTheFinalStateAndToleratesAClosedOrder() async throws {
        let alpaca = try FakeAlpaca()
        defer { alpaca.stop() }
        let broker = try broker(alpaca)
        let placed = try await broker.place(OrderRequest(symbol: "MSFT", side: .sell, price: dollars("200.00"), qty: 2), venue: venue)
        let cancelled = try await broker.cancel(venue: venue, symbol: "MSFT", id: placed.id)
        #expect(!cancelled.open && cancelled.qty == 0)
        let again = try await broker.cancel(venue: venue, symbol: "MSFT", id: placed.id)
        #expect(!again.open)
    }

    @Test func positionsAreTheAccountsSignedSharesBySymbol() async throws {
        let alpaca = try FakeAlpaca()
        defer { alpaca.stop() }
        alpaca.state.withLock { $0.positions = [
            #"{"symbol":"AAPL","qty":"5","side":"long","avg_entry_price":"100","cost_basis":"500"}"#,
            #"{"symbol":"MSFT","qty":"-2","side":"short","avg_entry_price":"200","cost_basis":"-400"}"#,
        ] }
        let broker = try broker(alpaca)
        #expect(try await broker.positions(venue: venue) == ["AAPL": 5, "MSFT": -2])
    }

    @Test func localIDsAreStableNumbersOfTheUUID() {
        #expect(AlpacaBroker.localID("61e69015-8549-4bfd-b9c3-01e75843f47d") == OrderID(0x61e6_9015_8549_4bfd ^ 0x39c3_01e7_5843_f47d))
        let sequential = (1...1_000).map { AlpacaBroker.localID(String(format: "00000000-0000-4000-8000-%012x", $0)) }
        #expect(Set(sequential).count == 1_000)
        let leading = (1...1_000).map { AlpacaBroker.localID(String(format: "%08x-0000-4000-8000-000000000000", $0)) }
        #expect(Set(leading).count == 1_000 && Set(leading).isDisjoint(with: sequential))
    }
}
