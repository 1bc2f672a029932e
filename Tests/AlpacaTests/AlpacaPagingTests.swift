import Brokerage
import StrategyKit
import Testing
@testable import Alpaca
import AlpacaTestSupport

/// Reading Alpaca's paged lists to their end, and no further: fill activities by token, orders
/// back in time past the 500 a page holds, and the fill book's bounds.
@Suite(.timeLimit(.minutes(10)))
struct AlpacaPagingTests {
    let venue: Venue = "ALPACA"

    @Test func aServerRepeatingAPageOfFillsEndsTheReadInsteadOfLoopingForEver() async throws {
        let alpaca = try FakeAlpaca()
        defer { alpaca.stop() }
        let client = try alpaca.client()
        for index in 0..<5 { alpaca.placeFilled(clientOrderID: "tw-\(index)", symbol: "AAPL", qty: 1) }
        alpaca.state.withLock { $0.repeatsFillPages = true }
        let error = await #expect(throws: AlpacaError.self) { try await client.fillActivities(pageSize: 2) }
        guard case .undecodable(_, let reason) = error else { Issue.record("\(String(describing: error))"); return }
        #expect(reason.contains("did not move past"))
        #expect(alpaca.state.withLock { $0.requests }.filter { $0.contains("activities/FILL") }.count == 2)
    }

    /// An execution that shows up after a later one of the same millisecond (its id sorts
    /// first) is found by the next refresh, and the fill already reported keeps its index.
    @Test func aFillThatShowsUpLateBehindALaterOneKeepsTheIndicesOfTheFillsReported() async throws {
        let alpaca = try FakeAlpaca()
        defer { alpaca.stop() }
        let broker = AlpacaBroker(client: try alpaca.client(), account: "PA1TEST", symbols: ["AAPL"])
        let placed = try await broker.place(OrderRequest(symbol: "AAPL", side: .buy, price: Price(cents: 10_000), qty: 10), venue: venue)
        let cid = alpaca.state.withLock { $0.orders[0].clientOrderID }
        alpaca.fill(clientOrderID: cid, qty: 4, price: "100.00", activityID: "20261201040000100::ffffffff-0000-4000-8000-000000000000")
        let first = try await broker.status(venue: venue, symbol: "AAPL", id: placed.id)
        #expect(first.fills.map(\.qty) == [4])
        alpaca.fill(clientOrderID: cid, qty: 6, price: "99.99", activityID: "20261201040000100::00000000-0000-4000-8000-000000000000")
        let second = try await broker.status(venue: venue, symbol: "AAPL", id: placed.id)
        #expect(second.fills.map(\.qty) == [4, 6], "fill 0 is still the 4 shares reported first")
        #expect(second.totalFilled == 10 && !second.open)
    }

    @Test func theFillBookDropsTheOlderHalfPastItsCapacityAndLoadsADroppedOrderAgain() async throws {
        let alpaca = try FakeAlpaca()
        defer { alpaca.stop() }
        let client = try alpaca.client()
        for index in 0..<30 { alpaca.placeFilled(clientOrderID: "tw-\(index)", symbol: "AAPL", qty: Int64(index + 1)) }
        let orders = try await client.orders(ListOrders(status: .all))
        let oldest = try #require(orders.last)
        let book = FillBook(client: client, capacity: 10)
        #expect(try await book.fills(of: oldest).map(\.qty) == [1])
        #expect(await book.count == 30)
        try await book.refresh()
        #expect(await book.count <= 15)
        #expect(try await book.fills(of: oldest).map(\.qty) == [1])
    }

    /// An order older than the newest 500 is still found by its local id (its status and its
    /// cancel), and an open one is among the account's orders after a restart.
    @Test func anOpenOrderOlderThanTheNewest500IsReachedAfterARestart() async throws {
        let alpaca = try FakeAlpaca()
        defer { alpaca.stop() }
        let first = AlpacaBroker(client: try alpaca.client(), account: "PA1TEST", symbols: ["AAPL"])
        let resting = try await first.place(OrderRequest(symbol: "AAPL", side: .buy, price: Price(cents: 9_000), qty: 3), venue: venue)
        for index in 0..<1_100 { alpaca.placeFilled(clientOrderID: "tw-later-\(index)", symbol: "AAPL", qty: 1) }
        let restarted = AlpacaBroker(client: try alpaca.client(), account: "PA1TEST", symbols: ["AAPL"])
        let listed = try await restarted.orders(venue: venue)
        #expect(listed.contains { $0.id == resting.id && $0.open })
        let again = AlpacaBroker(client: try alpaca.client(), account: "PA1TEST", symbols: ["AAPL"])
        #expect(try await again.status(venue: venue, symbol: "AAPL", id: resting.id).open)
        let cancelled = try await again.cancel(venue: venue, symbol: "AAPL", id: resting.id)
        #expect(!cancelled.open)
    }
}
