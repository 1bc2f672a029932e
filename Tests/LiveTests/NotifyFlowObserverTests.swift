import History
import Live
import Notify
import Risk
import StrategyKit
import Testing
import Trading
import TradingTestSupport

/// The engine's order flow as notices: which kind each event becomes, and none for a kind no
/// webhook wants. Nothing is sent (the notifier does not run); each kind's webhook's queue says
/// what was posted.
@Suite(.timeLimit(.minutes(10))) struct NotifyFlowObserverTests {
    /// A notifier with one webhook per kind of `kinds`, named after it, that never runs.
    static func notifier(_ kinds: [NoticeKind] = NoticeKind.allCases) throws -> Notifier {
        let url = try #require(WebhookURL("http://127.0.0.1:9/"))
        return Notifier(webhooks: kinds.map { Webhook(name: $0.rawValue, url: url, format: .json, events: [$0]) }, origin: "o") { _ in }
    }

    /// How many notices wait for each kind's webhook, leaving out the kinds with none.
    static func posted(_ notifier: Notifier) -> [String: Int] {
        Dictionary(uniqueKeysWithValues: notifier.figures.filter { $0.queued > 0 }.map { ($0.webhook, $0.queued) })
    }

    /// A harness whose engine tells the history and `notifier` (denials: 2 within a minute).
    static func observed(_ notifier: Notifier, _ limits: RiskLimits = .defaults) throws -> EngineHarness {
        let harness = try EngineHarness(limits: limits)
        let history = HistoryFlowObserver(flow: HistoryFlow(), runStart: .zero)
        harness.engine.orderFlow = OrderFlowTee(history, NotifyFlowObserver(notifier: notifier, denials: DenialRate(threshold: 2, window: .seconds(60))))
        return harness
    }

    @Test func eachFillAndARejectionBecomeNotices() throws {
        let notifier = try Self.notifier()
        let harness = try Self.observed(notifier)
        let client = try harness.placeOneBuy(at: 1)
        let fills = [OrderFill(price: 5_010, qty: 4, ts: EngineHarness.time(2)), OrderFill(price: 5_010, qty: 6, ts: EngineHarness.time(2))]
        _ = try harness.engine.handle(.placed(client, EngineHarness.status(id: 7, fills: fills, open: false), at: EngineHarness.time(2)))
        let rejected = try harness.placeOneBuy(at: 3)
        _ = try harness.engine.handle(.placeRejected(rejected, reason: "no", at: EngineHarness.time(4)))
        #expect(Self.posted(notifier) == ["fills": 2, "rejections": 1])
    }

    @Test func aLossLimitsHaltIsALossLimitNoticeAndAManualHaltATradingStateOne() throws {
        let notifier = try Self.notifier()
        var limits = RiskLimits.defaults
        limits.maxLoss = 1_000
        let harness = try Self.observed(notifier, limits)
        let client = try harness.placeOneBuy()
        _ = try harness.engine.handle(.placed(client, EngineHarness.status(id: 7, fills: [OrderFill(price: 5_010, qty: 4, ts: EngineHarness.time(2))]), at: EngineHarness.time(2)))
        _ = try harness.engine.handle(.book(EngineHarness.book(at: 3, bid: 4_500, ask: 4_520)))
        #expect(Self.posted(notifier)["lossLimit"] == 1)
        #expect(Self.posted(notifier)["tradingState"] == nil)
        _ = harness.engine.halt(.account, code: .manual, at: EngineHarness.time(4))
        #expect(Self.posted(notifier)["tradingState"] == 1)
    }

    @Test func denialsAreToldOnceWhenAWindowReachesTheThreshold() throws {
        let notifier = try Self.notifier()
        var limits = RiskLimits.defaults
        limits.maxOrderQty = 5
        let harness = try Self.observed(notifier, limits)
        harness.strategy.onBookIntents = { _, _ in [.place(EngineHarness.buy)] }
        for millisecond in 1...5 {
            _ = try harness.engine.handle(.book(EngineHarness.book(at: Int64(millisecond))))
        }
        #expect(Self.posted(notifier) == ["denials": 1])
    }

    @Test func noNoticeIsPostedForAKindNoWebhookWants() throws {
        let notifier = try Self.notifier([.daemon])
        let harness = try Self.observed(notifier)
        let client = try harness.placeOneBuy(at: 1)
        _ = try harness.engine.handle(.placed(client, EngineHarness.status(id: 7, fills: [OrderFill(price: 5_010, qty: 10, ts: EngineHarness.time(2))], open: false), at: EngineHarness.time(2)))
        #expect(Self.posted(notifier).isEmpty)
    }
}
