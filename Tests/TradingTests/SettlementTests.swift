import Risk
import StrategyKit
import Testing
import Trading
import TradingTestSupport

/// A placement whose outcome is unknown is settled only from the account's orders, and not
/// before its settlement window has passed.
@Suite(.timeLimit(.minutes(10))) struct SettlementTests {
    typealias T = OrderTrackerTests

    @Test func anUnknownPlacementMissingFromAListWithinTheWindowStaysUnknown() {
        var tracker = OrderTracker()
        let client = tracker.submit(T.approve(T.request()))
        tracker.markOutcomeUnknown(client, at: T.t0.advanced(byMilliseconds: 5_000))
        let early = tracker.applyAccountOrders([], venue: T.venue, symbol: nil, requestedAt: T.t0.advanced(byMilliseconds: 6_000))
        #expect(early.isEmpty)
        #expect(tracker.order(client)?.state == .submitted)
        let late = tracker.applyAccountOrders([], venue: T.venue, symbol: nil, requestedAt: T.t0.advanced(byMilliseconds: 30_000))
        #expect(late.updates.map(\.update) == [.rejected(T.request(), reason: OrderTracker.notPlacedReason)])
        #expect(tracker.openOrders.isEmpty)
    }

    @Test func anOrderSettledAsNotPlacedThatAppearsLaterIsAdopted() {
        var tracker = OrderTracker()
        let request = T.request()
        let client = tracker.submit(T.approve(request))
        tracker.markOutcomeUnknown(client, at: T.t0.advanced(byMilliseconds: 5_000))
        _ = tracker.applyAccountOrders([], venue: T.venue, symbol: nil, requestedAt: T.t0.advanced(byMilliseconds: 31_000))
        #expect(tracker.openOrders.isEmpty)
        let appeared = T.status(42, request, fills: [(5000, 4)])
        let changes = tracker.applyAccountOrders([appeared], venue: T.venue, symbol: nil, requestedAt: T.t0.advanced(byMilliseconds: 40_000))
        #expect(changes.unknownOrders.isEmpty)
        #expect(changes.updates.map(\.update) == [.accepted(42, request)])
        #expect(changes.fills.map(\.strategyID) == ["a"])
        #expect(tracker.order(venue: T.venue, id: 42)?.strategyID == "a")
    }

    @Test func aLateAcknowledgementOfAnOrderSettledAsNotPlacedIsAdopted() {
        var tracker = OrderTracker()
        let client = tracker.submit(T.approve(T.request()))
        tracker.markOutcomeUnknown(client, at: T.t0)
        _ = tracker.applyAccountOrders([], venue: T.venue, symbol: T.symbol, requestedAt: T.t0.advanced(byMilliseconds: 30_000))
        let late = T.status(42, T.request())
        let changes = tracker.acknowledge(client, with: late)
        #expect(changes.unknownOrders.isEmpty)
        #expect(changes.updates.map(\.update) == [.accepted(42, T.request())])
    }

    @Test func anUnknownPlacementBlocksTheStrategysNextOrderInThatSymbol() throws {
        let harness = try EngineHarness()
        let client = try harness.placeOneBuy(at: 1)
        _ = try harness.engine.handle(.placeOutcomeUnknown(client, at: EngineHarness.time(2)))
        harness.strategy.onBookIntents = { _, _ in [.place(EngineHarness.buy)] }
        let actions = try harness.engine.handle(.book(EngineHarness.book(at: 3)))
        #expect(actions.isEmpty)
        #expect(harness.strategy.updates == [.rejected(EngineHarness.buy, reason: "RISK_UNSETTLED_ORDER")])
    }

    @Test func twoIdenticalLostOrdersAreClaimedOldestFirst() {
        var tracker = OrderTracker()
        let request = T.request()
        let older = tracker.submit(T.approve(request))
        let newer = tracker.submit(T.approve(request))
        tracker.markOutcomeUnknown(older, at: T.t0)
        tracker.markOutcomeUnknown(newer, at: T.t0)
        let listed = [T.status(43, request), T.status(42, request)]
        let changes = tracker.applyAccountOrders(listed, venue: T.venue, symbol: nil, requestedAt: T.t0.advanced(byMilliseconds: 1))
        #expect(changes.updates.map(\.update) == [.accepted(42, request), .accepted(43, request)])
        #expect(tracker.order(older)?.exchangeID == 42)
        #expect(tracker.order(newer)?.exchangeID == 43)
    }
}

/// The uncertain outcomes reach the engine through `handle`.
@Suite(.timeLimit(.minutes(10))) struct UncertainOutcomeEngineTests {
    @Test func anAccountListShowingAnUnknownPlacementBooksItsFillsForTheStrategy() throws {
        let harness = try EngineHarness()
        let client = try harness.placeOneBuy(at: 1)
        _ = try harness.engine.handle(.placeOutcomeUnknown(client, at: EngineHarness.time(2)))
        let listed = EngineHarness.status(id: 21, fills: [OrderFill(price: 5_010, qty: 4, ts: EngineHarness.time(3))])
        _ = try harness.engine.handle(.accountOrders([listed], venue: "TESTEX", symbol: nil, requestedAt: EngineHarness.time(4), at: EngineHarness.time(5)))
        #expect(harness.journal.fills.map(\.orderID) == [21])
        #expect(harness.strategy.updates == [.accepted(21, EngineHarness.buy)])
        #expect(harness.strategy.fills.map(\.qty) == [4])
        #expect(harness.engine.portfolio.position(of: "s1", in: "FOOBAR").quantity == 4)
    }

    @Test func anUnknownPlacementTheListsNeverShowIsRejectedOnlyAfterTheWindow() throws {
        let harness = try EngineHarness()
        harness.engine.settlementWindowMs = 1_000
        let client = try harness.placeOneBuy(at: 1)
        _ = try harness.engine.handle(.placeOutcomeUnknown(client, at: EngineHarness.time(500)))
        _ = try harness.engine.handle(.accountOrders([], venue: "TESTEX", symbol: nil, requestedAt: EngineHarness.time(600), at: EngineHarness.time(700)))
        #expect(harness.strategy.updates.isEmpty)
        _ = try harness.engine.handle(.accountOrders([], venue: "TESTEX", symbol: nil, requestedAt: EngineHarness.time(1_001), at: EngineHarness.time(1_100)))
        #expect(harness.strategy.updates == [.rejected(EngineHarness.buy, reason: OrderTracker.notPlacedReason)])
        #expect(harness.engine.orders.awaitsLateOrders)
    }

    @Test func settlingAsNotPlacedAndAdoptingLaterAreBothLogged() throws {
        let harness = try EngineHarness()
        harness.engine.settlementWindowMs = 1_000
        let client = try harness.placeOneBuy(at: 1)
        _ = try harness.engine.handle(.placeOutcomeUnknown(client, at: EngineHarness.time(500)))
        _ = try harness.engine.handle(.accountOrders([], venue: "TESTEX", symbol: nil, requestedAt: EngineHarness.time(1_001), at: EngineHarness.time(1_100)))
        #expect(harness.logs.messages.contains("order settled as not placed"))
        let late = EngineHarness.status(id: 21, fills: [OrderFill(price: 5_010, qty: 4, ts: EngineHarness.time(1_200))])
        _ = try harness.engine.handle(.accountOrders([late], venue: "TESTEX", symbol: nil, requestedAt: EngineHarness.time(1_300), at: EngineHarness.time(1_400)))
        #expect(harness.logs.messages.contains("order settled as not placed showed up; adopted"))
        #expect(harness.journal.fills.map(\.orderID) == [21])
    }

    @Test func aFailedCancelMayBeAskedForAgain() throws {
        let harness = try EngineHarness()
        let client = try harness.placeOneBuy(at: 1)
        _ = try harness.engine.handle(.placed(client, EngineHarness.status(id: 7), at: EngineHarness.time(2)))
        #expect(harness.engine.cancelOpenOrders() == [.cancel(venue: "TESTEX", symbol: "FOOBAR", orderID: 7)])
        #expect(harness.engine.cancelOpenOrders().isEmpty)
        _ = try harness.engine.handle(.cancelFailed(7, reason: "EXCHANGE_TIMEOUT", at: EngineHarness.time(3)))
        #expect(harness.engine.cancelOpenOrders() == [.cancel(venue: "TESTEX", symbol: "FOOBAR", orderID: 7)])
        #expect(harness.logs.messages.contains("cancel failed"))
    }
}
