import Risk
import StrategyKit
import Testing
import TradingTestSupport

@testable import Trading

/// A company's new filing reaches the strategies of its symbol that subscribed to `filings`,
/// once, and what they answer passes the risk checks.
@Suite(.timeLimit(.minutes(10)))
struct EngineFilingTests {
    static func filing(_ symbol: Symbol = "FOOBAR", form: String = "8-K", items: [String] = ["2.02", "9.01"]) -> Filing {
        Filing(
            symbol: symbol, form: form, accessionNumber: "0000320193-26-000002", accepted: EngineHarness.time(1), filingDate: "2026-12-01",
            items: items, documentURL: "https://www.sec.gov/Archives/edgar/data/320193/000032019326000002/foobar-8k.htm",
            companyName: "Foobar Inc.")
    }

    @Test func aSubscribedStrategyHearsEachFilingOfItsSymbolOnce() throws {
        let harness = try EngineHarness(data: MarketDataSubscription(books: .every, filings: true))
        var heard: [Filing] = []
        harness.strategy.onFilingIntents = { filing, _ in
            heard.append(filing)
            return []
        }
        _ = try harness.engine.handle(.filing(Self.filing(), at: EngineHarness.time(2)))
        _ = try harness.engine.handle(.filing(Self.filing("BARBAZ"), at: EngineHarness.time(3)))
        #expect(heard == [Self.filing()])
        #expect(harness.engine.symbolsWantingFilings == ["FOOBAR"])
    }

    @Test func aStrategyNotSubscribedToFilingsHearsNone() throws {
        let harness = try EngineHarness(data: MarketDataSubscription(books: .every, trades: true))
        var heard = 0
        harness.strategy.onFilingIntents = { _, _ in
            heard += 1
            return []
        }
        let actions = try harness.engine.handle(.filing(Self.filing(), at: EngineHarness.time(2)))
        #expect(actions.isEmpty)
        #expect(heard == 0)
        #expect(harness.engine.symbolsWantingFilings.isEmpty)
    }

    @Test func ordersAFilingPromptsPassTheRiskChecks() throws {
        var limits = RiskLimits.defaults
        limits.maxOrderQty = 5
        let harness = try EngineHarness(limits: limits, data: MarketDataSubscription(books: .every, filings: true))
        _ = try harness.engine.handle(.book(EngineHarness.book(at: 1)))
        harness.strategy.onFilingIntents = { filing, _ in
            filing.form == "8-K" && filing.items.contains("2.02") ? [.place(EngineHarness.buy)] : []
        }
        #expect(try harness.engine.handle(.filing(Self.filing(form: "4", items: []), at: EngineHarness.time(2))).isEmpty)
        #expect(try harness.engine.handle(.filing(Self.filing(), at: EngineHarness.time(2))).isEmpty)
        #expect(harness.strategy.updates == [.rejected(EngineHarness.buy, reason: "RISK_MAX_ORDER_QTY")])

        let allowed = try EngineHarness(data: MarketDataSubscription(books: .every, filings: true))
        _ = try allowed.engine.handle(.book(EngineHarness.book(at: 1)))
        allowed.strategy.onFilingIntents = { _, _ in [.place(EngineHarness.buy)] }
        let actions = try allowed.engine.handle(.filing(Self.filing(), at: EngineHarness.time(2)))
        guard case .place(_, let order)? = actions.first else {
            Issue.record("expected a place action, got \(actions)")
            return
        }
        #expect(order.request == EngineHarness.buy)
    }

    @Test func filingsRoundTripThroughTheirSubscriptionName() throws {
        let data = try MarketDataSubscription(parsing: ["quotes", "filings"])
        #expect(data == MarketDataSubscription(books: .quotes, filings: true))
        #expect(data.names == ["quotes", "filings"])
        #expect(try MarketDataSubscription(parsing: data.names) == data)
        #expect(MarketDataSubscriptionError.unknown("filing").description.contains("or filings"))
    }
}
