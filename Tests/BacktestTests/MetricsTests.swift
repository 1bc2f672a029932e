import Foundation
import Reports
import StrategyKit
import Testing

@Suite(.timeLimit(.minutes(10))) struct MetricsTests {
    static let second: Int64 = 1_000_000_000

    func at(_ tenths: Int64) -> Timestamp { Timestamp(nanoseconds: tenths * Self.second / 10) }

    func fill(_ side: Side, _ qty: Int64, at price: Int64, _ tenths: Int64, strategy: StrategyID, order: Int64) -> Fill {
        Fill(venue: "TESTEX", account: "EXB123456", symbol: "FOOBAR", orderID: OrderID(order), index: 0, side: side,
             price: Price(cents: price), qty: Quantity(shares: qty), time: at(tenths), strategyID: strategy)
    }

    /// Strategy a buys 10 at 10.00 and sells them at 10.20 (fee 0.05 each way); strategy b then
    /// sells 5 short at 10.20 and the mark rises to 10.60. Sampled every second, 4 periods a year.
    func scenario() -> BacktestMetrics {
        var metrics = BacktestMetrics(
            sampleIntervalNanoseconds: Self.second, periodsPerYear: 4, chartIntervalNanoseconds: Self.second / 2)
        metrics.mark("FOOBAR", at: 1000, time: at(0))
        metrics.record(fill(.buy, 10, at: 1000, 5, strategy: "a", order: 1), fee: 5)
        metrics.mark("FOOBAR", at: 1010, time: at(10))
        metrics.record(fill(.sell, 10, at: 1020, 15, strategy: "a", order: 2), fee: 5)
        metrics.mark("FOOBAR", at: 1020, time: at(20))
        metrics.record(fill(.sell, 5, at: 1020, 25, strategy: "b", order: 3), fee: 0)
        metrics.mark("FOOBAR", at: 1060, time: at(30))
        metrics.finish(at: at(40))
        return metrics
    }

    @Test func accountFiguresMatchTheHandComputedOnes() {
        let summary = scenario().summary()
        #expect(summary.realizedPnL == 200)
        #expect(summary.unrealizedPnL == -200)
        #expect(summary.fees == 10)
        #expect(summary.totalPnL == -10)
        #expect(summary.fills == 3)
        #expect(summary.volume == 25)
        #expect(summary.notional == 25_300)
        #expect(summary.maxPosition == 10)
        #expect(summary.maxDrawdown == 200)
        #expect(summary.profitFactor == 39)
    }

    @Test func equityIsSampledAtEachChartIntervalBeforeThatMomentsEvent() {
        let samples = scenario().samples
        #expect(samples.map(\.time) == stride(from: 0, through: 40, by: 5).map(at))
        #expect(samples.map(\.equity) == [0, 0, -5, 95, 190, 190, 190, -10, -10])
        // Holdings as of each sample, also where samples in a row share them (kept, not rebuilt).
        #expect(samples.map { $0.positions["FOOBAR"] } == [nil, nil, 10, 10, 0, 0, -5, -5, -5])
        #expect(samples.map { $0.marks["FOOBAR"] } == [nil, 1000, 1000, 1010, 1010, 1020, 1020, 1060, 1060])
    }

    @Test func sharpeAndSortinoUseIntervalReturnsAnnualised() throws {
        // Returns -5, 195, 0, -200: mean -2.5, sample variance 78025 / 3, downside 40025 / 4.
        let summary = scenario().summary()
        let sharpe = try #require(summary.sharpe)
        let sortino = try #require(summary.sortino)
        #expect(abs(sharpe - (-2.5 / (78025.0 / 3).squareRoot() * 2)) < 1e-12)
        #expect(abs(sortino - (-2.5 / (40025.0 / 4).squareRoot() * 2)) < 1e-12)
    }

    @Test func calmarIsTheAnnualisedMeanReturnOverTheMaximumDrawdown() throws {
        // Returns -5, 195, 0, -200: mean -2.5, times 4 periods a year, over the drawdown of 200.
        let metrics = scenario()
        #expect(metrics.summary().calmar == -2.5 * 4 / 200)
        let path = metrics.accountPath()
        #expect(path.sampledEquity == [0, -5, 190, 190, -10])
        #expect([path.final, path.peak, path.trough, path.maxDrawdown] == [-10, 190, -10, 200])
        #expect(path.calmar == metrics.summary().calmar)
        #expect(path.sharpe == metrics.summary().sharpe)
        #expect(ReturnStatistics.calmar([200, -100, 300, -100], maxDrawdown: 150, periodsPerYear: 4) == 2)
        #expect(ReturnStatistics.calmar([200, 100], maxDrawdown: 0, periodsPerYear: 4) == nil)
        #expect(ReturnStatistics.calmar([200], maxDrawdown: 50, periodsPerYear: 4) == nil)
    }

    @Test func stitchedPathsContinueFromEachOthersEquityWithTheExactDrawdown() {
        // The run twice, the second from -10: its peak (180) stays below the first's (190), so the
        // fall runs from 190 to the second run's last equity, -20: 210, more than either run's own.
        let path = scenario().accountPath()
        let stitched = EquityPath.stitched([path, path])
        #expect(stitched.sampledEquity == [0, -5, 190, 190, -10, -10, -15, 180, 180, -20])
        #expect([stitched.final, stitched.peak, stitched.trough, stitched.maxDrawdown] == [-20, 190, -20, 210])
        // In units of $0.0001 (a Money literal is cents).
        #expect(stitched.returns == [-500, 19_500, 0, -20_000, 0, -500, 19_500, 0, -20_000])
        let mean = -20.0 / 9
        #expect(stitched.calmar == mean * 4 / 210)
        #expect(EquityPath.stitched([path]) == path)
    }

    @Test func eachStrategyHasItsOwnFigures() throws {
        let strategies = scenario().strategySummaries()
        let a = try #require(strategies["a"])
        let b = try #require(strategies["b"])
        #expect(a.totalPnL == 190)
        #expect(a.realizedPnL == 200)
        #expect(a.maxDrawdown == 5)
        #expect(a.maxPosition == 10)
        #expect(a.profitFactor == 39)
        #expect(b.totalPnL == -200)
        #expect(b.unrealizedPnL == -200)
        #expect(b.maxDrawdown == 200)
        #expect(b.maxPosition == 5)
        #expect(b.profitFactor == nil)
        // b's samples: 0, 0, 0, 0, -200: one losing period among four.
        #expect(b.sortino == -50 / (40000.0 / 4).squareRoot() * 2)
    }

    @Test func ratiosAreUndefinedWithoutVariation() {
        #expect(ReturnStatistics.sharpe([5, 5, 5], periodsPerYear: 1) == nil)
        #expect(ReturnStatistics.sortino([1, 2], periodsPerYear: 1) == nil)
        #expect(ReturnStatistics.sharpe([1], periodsPerYear: 1) == nil)
    }

    @Test func reportJSONCarriesTheFiguresAndTheirConventions() throws {
        let report = BacktestReport(title: "test", metrics: scenario())
        let document = try JSONDecoder().decode(BacktestReport.Document.self, from: report.json())
        #expect(document.account == report.metrics.summary())
        #expect(document.strategies.keys.sorted() == ["a", "b"])
        #expect(document.returnIntervalSeconds == 1)
        #expect(document.periodsPerYear == 4)
        let text = String(decoding: try report.json(), as: UTF8.self)
        #expect(text.contains(#""totalPnL" : -10"#))
    }

    @Test func equityCSVHasOneRowPerSampleInDollars() {
        let lines = BacktestReport(title: "test", metrics: scenario()).equityCSV().split(separator: "\n")
        #expect(lines.first == "time,equity,realized,unrealized,fees,position:FOOBAR,mark:FOOBAR")
        #expect(lines.count == 10)
        #expect(lines.last == "1970-01-01T00:00:04.000000000Z,-0.10,2.00,-2.00,0.10,-5,10.60")
    }

    @Test func htmlIsSelfContainedWithChartsAndEveryFillMarked() {
        let html = BacktestReport(title: "a <test>", metrics: scenario()).html()
        #expect(html.contains("<title>a &lt;test&gt;</title>"))
        #expect(html.components(separatedBy: "<svg").count - 1 == 3)
        #expect(html.components(separatedBy: "<polygon").count - 1 == 3)
        #expect(!html.contains("<script"))
        #expect(!html.contains("src="))
        #expect(!html.contains("href="))
    }

    @Test func writeCreatesTheThreeFiles() throws {
        let directory = RecordingFixtures.temporaryPath("report")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try BacktestReport(title: "test", metrics: scenario()).write(to: directory)
        let names = try FileManager.default.contentsOfDirectory(atPath: directory).sorted()
        #expect(names == ["equity.csv", "report.html", "report.json"])
    }
}
