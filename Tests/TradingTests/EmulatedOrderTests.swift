@_spi(Host) import StrategyKit
import Risk
import Testing
import TestSupport
import Trading
import TradingTestSupport

/// On a venue that keeps plain orders only (StockFighter, a backtest's replay venue) the engine
/// holds stops, trailing stops, groups and replaces for the strategy; where the venue keeps them,
/// it sends them.
@Suite(.timeLimit(.minutes(10)))
struct EmulatedOrderTests {
    private static var limits: RiskLimits {
        var limits = RiskLimits.defaults
        limits.allowMarketOrders = true
        return limits
    }

    private static let stopLoss = OrderRequest.stop(symbol: "FOOBAR", side: .sell, stopPrice: 4_950, qty: 10, tag: "sl")

    private static func places(_ actions: [EngineAction]) -> [OrderRequest] {
        actions.compactMap { if case .place(_, let order) = $0 { order.request } else { nil } }
    }

    @Test func aStopIsHeldUntilTheBookReachesItThenSentAsAMarketOrder() throws {
        let harness = try EngineHarness(limits: Self.limits)
        harness.strategy.onBookIntents = { _, context in context.openOrders.isEmpty ? [.place(Self.stopLoss)] : [] }
        #expect(Self.places(try harness.engine.handle(.book(EngineHarness.book(at: 1)))).isEmpty)
        guard case .emulated(let id, let request)? = harness.strategy.updates.first else {
            Issue.record("expected the stop held, got \(harness.strategy.updates)")
            return
        }
        #expect(id.rawValue < 0 && request == Self.stopLoss)
        // Above the stop: still held, and the strategy sees it among its open orders.
        var seen: [OpenOrder] = []
        harness.strategy.onBookIntents = { _, context in
            seen = context.openOrders
            return []
        }
        #expect(Self.places(try harness.engine.handle(.book(EngineHarness.book(at: 2, bid: 4_960, ask: 4_970)))).isEmpty)
        #expect(seen == [OpenOrder(id: id, request: Self.stopLoss, isEmulated: true)])
        // The best bid reaches the stop: sent as a market sell, the strategy told first.
        let sent = Self.places(try harness.engine.handle(.book(EngineHarness.book(at: 3, bid: 4_950, ask: 4_960))))
        #expect(sent == [OrderRequest(symbol: "FOOBAR", side: .sell, type: .market, price: .zero, qty: 10, tag: "sl")])
        #expect(harness.strategy.updates.contains(.triggered(id, Self.stopLoss, sent: sent[0])))
        #expect(seen.isEmpty || seen.allSatisfy { !$0.isEmulated })
    }

    @Test func aTradeThroughTheStopTriggersIt() throws {
        let harness = try EngineHarness(limits: Self.limits)
        harness.strategy.onStartIntents = { _ in [.place(.stopLimit(symbol: "FOOBAR", side: .buy, stopPrice: 5_050, limitPrice: 5_060, qty: 5))] }
        _ = try harness.engine.handle(.book(EngineHarness.book(at: 1)))
        _ = try harness.engine.start(at: EngineHarness.time(1))
        #expect(Self.places(try harness.engine.handle(.trade(Trade(symbol: "FOOBAR", price: 5_049, qty: 1, time: EngineHarness.time(2))))).isEmpty)
        let sent = Self.places(try harness.engine.handle(.trade(Trade(symbol: "FOOBAR", price: 5_050, qty: 1, time: EngineHarness.time(3)))))
        #expect(sent == [OrderRequest(symbol: "FOOBAR", side: .buy, type: .limit, price: 5_060, qty: 5)])
    }

    /// A trailing sell stop follows the highest price seen, never down, and triggers at its
    /// distance below it; each move is reported.
    @Test func aTrailingStopFollowsTheMarketUpAndTriggersOnTheWayDown() throws {
        let harness = try EngineHarness(limits: Self.limits)
        harness.strategy.onStartIntents = { _ in [.place(.trailingStop(symbol: "FOOBAR", side: .sell, trail: .price(100), qty: 10))] }
        _ = try harness.engine.handle(.book(EngineHarness.book(at: 1)))
        _ = try harness.engine.start(at: EngineHarness.time(1))
        for (ms, price) in [(2, 5_100), (3, 5_300), (4, 5_250), (5, 5_201)] as [(Int64, Price)] {
            #expect(Self.places(try harness.engine.handle(.trade(Trade(symbol: "FOOBAR", price: price, qty: 1, time: EngineHarness.time(ms))))).isEmpty)
        }
        let moves = harness.strategy.updates.compactMap { if case .trailMoved(_, let mark, let stop) = $0 { (mark, stop) } else { nil } }
        #expect(moves.map(\.0) == [5_100, 5_300] && moves.last?.1 == 5_200)
        let sent = Self.places(try harness.engine.handle(.trade(Trade(symbol: "FOOBAR", price: 5_200, qty: 1, time: EngineHarness.time(6)))))
        #expect(sent.map(\.type) == [.market] && sent.first?.trigger == nil)
    }

    @Test func aConfigurationThatRefusesEmulationDeniesAStopWithAStableCode() throws {
        let harness = try EngineHarness(limits: Self.limits, emulatedOrders: false)
        harness.strategy.onStartIntents = { _ in [.place(Self.stopLoss)] }
        _ = try harness.engine.handle(.book(EngineHarness.book(at: 1)))
        _ = try harness.engine.start(at: EngineHarness.time(1))
        #expect(harness.strategy.updates == [.rejected(Self.stopLoss, reason: "RISK_EMULATION_REFUSED")])
        #expect(harness.engine.statistics.deniedByCode[.emulationRefused] == 1)
    }

    @Test func aVenueThatKeepsStopsIsSentThemAsTheyAre() throws {
        let native = VenueCapabilities(triggers: true, groups: true, replace: true, timesInForce: Set(TimeInForce.allCases))
        let harness = try EngineHarness(limits: Self.limits, capabilities: native)
        harness.strategy.onStartIntents = { _ in [.place(Self.stopLoss)] }
        _ = try harness.engine.handle(.book(EngineHarness.book(at: 1)))
        #expect(Self.places(try harness.engine.start(at: EngineHarness.time(1))) == [Self.stopLoss])
    }

    /// An emulated bracket: the entry first; once it fills, the take-profit is sent and the
    /// stop-loss held; the stop triggering cancels the take-profit.
    @Test func anEmulatedBracketSendsItsExitsOnceTheEntryFillsAndOneCancelsTheOther() throws {
        let harness = try EngineHarness(limits: Self.limits)
        let entry = OrderRequest(symbol: "FOOBAR", side: .buy, price: 5_010, qty: 10, tag: "b")
        harness.strategy.onStartIntents = { _ in [.placeGroup(.bracket(entry: entry, takeProfit: 5_100, stopLoss: 4_950))] }
        _ = try harness.engine.handle(.book(EngineHarness.book(at: 1)))
        let start = try harness.engine.start(at: EngineHarness.time(1))
        #expect(Self.places(start) == [entry])
        guard case .place(let client, _)? = start.first else { return }
        let filled = EngineHarness.status(id: 7, fills: [OrderFill(price: 5_010, qty: 10, ts: EngineHarness.time(2))], open: false)
        let exits = try harness.engine.handle(.placed(client, filled, at: EngineHarness.time(2)))
        #expect(Self.places(exits) == [OrderRequest(symbol: "FOOBAR", side: .sell, price: 5_100, qty: 10, tag: "b")])
        #expect(harness.strategy.updates.contains { if case .emulated(_, let request) = $0 { request.trigger == .stop(4_950) } else { false } })
        guard case .place(let takeProfit, _)? = exits.first else { return }
        _ = try harness.engine.handle(.placed(takeProfit, EngineHarness.status(id: 8, side: .sell, price: 5_100), at: EngineHarness.time(3)))
        let triggered = try harness.engine.handle(.book(EngineHarness.book(at: 4, bid: 4_940, ask: 4_960)))
        #expect(triggered.contains(.cancel(venue: "TESTEX", symbol: "FOOBAR", orderID: 8)))
        #expect(Self.places(triggered).map(\.type) == [.market])
    }

    /// An emulated OCO: a fill of the take-profit drops the held stop-loss.
    @Test func anEmulatedOCODropsTheStopWhenTheTakeProfitFills() throws {
        let harness = try EngineHarness(limits: Self.limits)
        harness.strategy.onStartIntents = { _ in [.placeGroup(.oco(symbol: "FOOBAR", side: .sell, qty: 10, takeProfit: 5_100, stopLoss: 4_950))] }
        _ = try harness.engine.handle(.book(EngineHarness.book(at: 1)))
        let start = try harness.engine.start(at: EngineHarness.time(1))
        guard case .place(let client, _)? = start.first else {
            Issue.record("expected the take-profit sent, got \(start)")
            return
        }
        let held = harness.strategy.updates.compactMap { if case .emulated(let id, _) = $0 { id } else { nil } }
        #expect(held.count == 1)
        let fill = OrderFill(price: 5_100, qty: 10, ts: EngineHarness.time(2))
        _ = try harness.engine.handle(.placed(client, EngineHarness.status(id: 9, side: .sell, price: 5_100, fills: [fill], open: false), at: EngineHarness.time(2)))
        #expect(harness.strategy.updates.contains(.closed(held[0], OrderGroup.oco(symbol: "FOOBAR", side: .sell, qty: 10, takeProfit: 5_100, stopLoss: 4_950).legs[1], filled: .zero)))
        #expect(Self.places(try harness.engine.handle(.book(EngineHarness.book(at: 3, bid: 4_900, ask: 4_910)))).isEmpty)
    }

    /// A replace the venue cannot make in place: cancel, then the new order for what was left,
    /// told to the strategy as `replaced`.
    @Test func anEmulatedReplaceCancelsThenPlacesWhatWasLeft() throws {
        let harness = try EngineHarness(limits: Self.limits)
        let client = try harness.placeOneBuy()
        _ = try harness.engine.handle(.placed(client, EngineHarness.status(id: 7), at: EngineHarness.time(2)))
        harness.strategy.onBookIntents = { _, _ in [.replace(7, price: 5_005, qty: nil)] }
        let cancel = try harness.engine.handle(.book(EngineHarness.book(at: 3)))
        harness.strategy.onBookIntents = { _, _ in [] }
        #expect(cancel == [.cancel(venue: "TESTEX", symbol: "FOOBAR", orderID: 7)])
        let fill = OrderFill(price: 5_010, qty: 4, ts: EngineHarness.time(3))
        let placed = try harness.engine.handle(.orderReports([EngineHarness.status(id: 7, fills: [fill], open: false)], at: EngineHarness.time(4)))
        let expected = OrderRequest(symbol: "FOOBAR", side: .buy, price: 5_005, qty: 6, tag: "t")
        #expect(Self.places(placed) == [expected])
        guard case .place(let replacement, _)? = placed.first else { return }
        _ = try harness.engine.handle(.placed(replacement, EngineHarness.status(id: 8, price: 5_005, qty: 6), at: EngineHarness.time(5)))
        #expect(harness.strategy.updates.last == .replaced(7, by: 8, request: expected))
    }

    @Test func aVenueThatKeepsGroupsAndReplacesIsAskedForThemInOneAction() throws {
        let native = VenueCapabilities(triggers: true, groups: true, replace: true, timesInForce: Set(TimeInForce.allCases))
        let harness = try EngineHarness(limits: Self.limits, capabilities: native)
        let entry = OrderRequest(symbol: "FOOBAR", side: .buy, price: 5_010, qty: 10)
        let group = OrderGroup.bracket(entry: entry, takeProfit: 5_100, stopLoss: 4_950)
        harness.strategy.onStartIntents = { _ in [.placeGroup(group)] }
        _ = try harness.engine.handle(.book(EngineHarness.book(at: 1)))
        let actions = try harness.engine.start(at: EngineHarness.time(1))
        guard case .placeGroup(.bracket, let legs)? = actions.first, actions.count == 1 else {
            Issue.record("expected one placeGroup, got \(actions)")
            return
        }
        #expect(legs.map(\.order.request) == group.legs)
        _ = try harness.engine.handle(.placed(legs[0].client, EngineHarness.status(id: 7), at: EngineHarness.time(2)))
        harness.strategy.onBookIntents = { _, _ in [.replace(7, price: 5_000, qty: nil)] }
        let replace = try harness.engine.handle(.book(EngineHarness.book(at: 3)))
        guard case .replace(_, 7, _, let approved)? = replace.first else {
            Issue.record("expected a replace, got \(replace)")
            return
        }
        #expect(approved.request.price == 5_000)
    }
}
