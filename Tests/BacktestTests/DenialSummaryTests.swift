import Foundation
import MarketMaker
import Reports
import Risk
import StrategyKit
import Testing
import Trading

/// Risk denials in plain sight: counted by code with the first denial's numbers in the summary
/// lines, report.json and report.html, and the setting to raise when every order was denied;
/// a run without denials writes the report it wrote before.
@Suite(.timeLimit(.minutes(10))) struct DenialSummaryTests {
    static func denial(_ code: RiskCode, limit: Int64, actual: Int64, _ message: String) -> RiskDenial {
        RiskDenial(
            code: code, strategyID: "mm", request: OrderRequest(symbol: "FOOBAR", side: .buy, price: 5_000, qty: 200),
            limit: limit, actual: actual, message: message)
    }

    static func statistics(approved: Int) -> EngineStatistics {
        var statistics = EngineStatistics()
        statistics.approved = approved
        statistics.denied = 7
        statistics.deniedByCode = [.maxNotional: 5, .orderRate: 1, .maxOpenOrders: 1]
        statistics.firstDenialByCode = [
            .maxNotional: denial(.maxNotional, limit: 100, actual: 150, "notional too big"),
            .orderRate: denial(.orderRate, limit: 20, actual: 21, "too fast"),
            .maxOpenOrders: denial(.maxOpenOrders, limit: 3, actual: 4, "too many"),
        ]
        return statistics
    }

    @Test func nothingDeniedMeansNoSummary() {
        var statistics = EngineStatistics()
        statistics.approved = 12
        #expect(DenialSummary(statistics: statistics) == nil)
    }

    @Test func denialsAreCountedByCodeMostFrequentFirstWithTheFirstDenial() throws {
        let summary = try #require(DenialSummary(statistics: Self.statistics(approved: 3)))
        #expect(summary.denied == 7)
        #expect(summary.codes.map(\.code) == ["RISK_MAX_NOTIONAL", "RISK_MAX_OPEN_ORDERS", "RISK_ORDER_RATE"])
        #expect(summary.codes.map(\.count) == [5, 1, 1])
        let notional = summary.codes[0]
        #expect(notional.setting == "risk.maxNotionalPerOrder")
        #expect(notional.firstLimit == 100)
        #expect(notional.firstActual == 150)
        #expect(notional.firstDenial == "mm: notional too big")
        #expect(!summary.everyOrderDenied)
        #expect(summary.settingToRaise == nil)
        #expect(summary.lines == [
            "risk denials: 7 of 10 orders",
            "  RISK_MAX_NOTIONAL 5, first: mm: notional too big",
            "  RISK_MAX_OPEN_ORDERS 1, first: mm: too many",
            "  RISK_ORDER_RATE 1, first: mm: too fast",
        ])
    }

    @Test func whenEveryOrderIsDeniedTheSummarySaysSoAndNamesTheSettingToRaise() throws {
        let summary = try #require(DenialSummary(statistics: Self.statistics(approved: 0)))
        #expect(summary.everyOrderDenied)
        #expect(summary.settingToRaise == "risk.maxNotionalPerOrder")
        #expect(summary.lines.last?.hasPrefix("every order was denied by the risk limits: raise risk.maxNotionalPerOrder") == true)
        let report = BacktestReport(title: "t", metrics: BacktestMetrics(), denials: summary)
        let html = report.html()
        #expect(html.contains("<strong>Every order was denied by the risk limits</strong>: raise <code>risk.maxNotionalPerOrder</code>"))
        #expect(html.contains("<tr><td>RISK_MAX_NOTIONAL</td><td>5</td><td>risk.maxNotionalPerOrder</td><td>$0.01</td><td>$0.015</td>"))
        let json = try #require(try JSONSerialization.jsonObject(with: report.json()) as? [String: Any])
        let denials = try #require(json["denials"] as? [String: Any])
        #expect(denials["everyOrderDenied"] as? Bool == true)
        #expect(denials["settingToRaise"] as? String == "risk.maxNotionalPerOrder")
        #expect((denials["codes"] as? [[String: Any]])?.first?["firstActual"] as? Int == 150)
    }

    @Test func aReportWithoutDenialsIsTheReportWithoutTheSummary() throws {
        let plain = BacktestReport(title: "t", metrics: BacktestMetrics())
        let json = String(decoding: try plain.json(), as: UTF8.self)
        #expect(!json.contains("denials"))
        #expect(!plain.html().contains("Risk denials"))
        let denied = BacktestReport(title: "t", metrics: BacktestMetrics(), denials: DenialSummary(statistics: Self.statistics(approved: 1)))
        #expect(try denied.json() != plain.json())
        #expect(denied.html().contains("<h2>Risk denials: 7 of 8 orders</h2>"))
    }

    /// The case: MarketMaker with tight limits on a $50,000 stock quotes on every book
    /// and every quote's notional is above the limit.
    @Test func aMarketMakerOnAFiftyThousandDollarStockIsDeniedEveryQuoteAndToldWhatToRaise() throws {
        let parameters = try StrategyParameters(schema: MarketMaker.parameters, values: ["quoteSize": .integer(3)])
        var limits = BacktesterTests.limits
        limits.maxNotionalPerOrder = 10_000_000
        let backtester = try BacktesterTests.backtester(try MarketMaker(parameters: parameters), parameters: parameters, limits: limits)
        for ms: Int64 in 1...20 {
            try backtester.feed(
                RecordingFixtures.book(
                    sequence: UInt64(ms), time: 1_700_000_000_000_000_000 + ms * 1_000_000, bids: [(4_999_990, 5)],
                    asks: [(5_000_010, 5)]))
        }
        try backtester.finish()
        #expect(backtester.statistics.orders == 0)
        let summary = try #require(DenialSummary(statistics: backtester.engine.statistics))
        #expect(summary.everyOrderDenied)
        #expect(summary.codes.map(\.code) == ["RISK_MAX_NOTIONAL"])
        #expect(summary.codes[0].firstLimit == Money(cents: 10_000_000).units)
        #expect(summary.settingToRaise == "risk.maxNotionalPerOrder")
    }
}
