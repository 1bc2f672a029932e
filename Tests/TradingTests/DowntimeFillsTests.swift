import Risk
import StrategyKit
import Testing
import TestSupport
import Trading
import TradingTestSupport

/// Fills booked at a restart by reconciliation (made while the daemon was down) that take a
/// strategy past its limits: the limits hold before its first new order.
@Suite(.timeLimit(.minutes(10))) struct DowntimeFillsTests {
    static func limits(maxLoss: Money = Money(units: 1_000_000_000), maxPosition: Quantity = 100) -> RiskLimits {
        var limits = RiskLimits.defaults
        limits.maxLoss = maxLoss
        limits.maxPosition = maxPosition
        return limits
    }

    /// A buy of 10 at 5,010 and a sell of 10 at 4,000, both filled while the daemon was down.
    static let losingRoundTrip = [
        EngineHarness.status(id: 11, side: .buy, fills: [OrderFill(price: 5_010, qty: 10, ts: EngineHarness.time(2))], open: false),
        EngineHarness.status(id: 12, side: .sell, price: 4_000, fills: [OrderFill(price: 4_000, qty: 10, ts: EngineHarness.time(3))], open: false),
    ]

    @Test func aLossMadeWhileDownHaltsTheStrategyBeforeItsStartOrders() throws {
        let harness = try EngineHarness(limits: Self.limits(maxLoss: Money(units: 5_000)))
        _ = try harness.engine.reconcile(accountOrders: Self.losingRoundTrip, recorded: [:], policy: .adopt, at: EngineHarness.time(5))
        harness.strategy.onStartIntents = { _ in [.place(EngineHarness.buy)] }
        let actions = try harness.engine.start(at: EngineHarness.time(6))
        #expect(harness.engine.risk.state.status(of: .strategy("s1")).state == .halted)
        #expect(!actions.contains { if case .place = $0 { true } else { false } }, "\(actions)")
        #expect(actions.contains { if case .tradingStateChanged(let change) = $0 { change.code == .maxLoss } else { false } })
    }

    @Test func aPositionPastItsLimitFromDowntimeFillsOnlyLetsOrdersReduceIt() throws {
        let harness = try EngineHarness(limits: Self.limits(maxPosition: 5))
        let bought = EngineHarness.status(id: 11, fills: [OrderFill(price: 5_010, qty: 10, ts: EngineHarness.time(2))], open: false)
        _ = try harness.engine.reconcile(accountOrders: [bought], recorded: [:], policy: .adopt, at: EngineHarness.time(5))
        var sell = EngineHarness.buy
        sell.side = .sell
        sell.price = 5_000
        sell.qty = 5
        _ = try harness.engine.start(at: EngineHarness.time(6))
        harness.strategy.onBookIntents = { _, _ in [.place(EngineHarness.buy), .place(sell)] }
        let actions = try harness.engine.handle(.book(EngineHarness.book(at: 7)))
        let placed = actions.compactMap { if case .place(_, let order) = $0 { order.request.side } else { nil } }
        #expect(placed == [.sell], "\(actions)")
        #expect(harness.engine.statistics.deniedByCode[.maxPosition] == 1)
    }
}
