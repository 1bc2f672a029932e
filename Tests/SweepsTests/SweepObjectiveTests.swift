import Foundation
import Backtest
import Reports
import StrategyKit
import Sweeps
import Testing

/// What a sweep ranks by: each objective's value from a run's figures, best first, an undefined
/// value last and ties in grid order.
@Suite(.timeLimit(.minutes(10))) struct SweepObjectiveTests {
    static func summary(pnlCents: Int64, fills: Int, sharpe: Double?, sortino: Double? = nil, calmar: Double? = nil) -> MetricsSummary {
        MetricsSummary(
            totalPnL: Money(cents: pnlCents), realizedPnL: Money(cents: pnlCents), unrealizedPnL: .zero, fees: .zero, fills: fills,
            volume: .zero, notional: .zero, maxPosition: .zero, maxDrawdown: .zero, sharpe: sharpe, sortino: sortino,
            profitFactor: nil, calmar: calmar)
    }

    static func cell(_ index: Int, _ summary: MetricsSummary) -> ParameterSweep.Cell {
        ParameterSweep.Cell(
            index: index, assignments: [ParameterGrid.Assignment(name: "x", value: String(index))], summary: summary,
            statistics: BacktestStatistics())
    }

    @Test func eachObjectiveReadsItsFigure() {
        let summary = Self.summary(pnlCents: 300, fills: 4, sharpe: 1.5, sortino: 2.25, calmar: -0.5)
        #expect(SweepObjective.pnl.value(summary) == .money(Money(units: 30_000)))
        #expect(SweepObjective.sharpe.value(summary) == .ratio(1.5))
        #expect(SweepObjective.sortino.value(summary) == .ratio(2.25))
        #expect(SweepObjective.calmar.value(summary) == .ratio(-0.5))
        // $3.00 over 4 fills: 0.75 a fill, 7,500 units.
        #expect(SweepObjective.pnlPerTrade.value(summary) == .money(Money(units: 7_500)))
        #expect(SweepObjective.pnlPerTrade.text(summary) == "0.7500")
        #expect(SweepObjective.pnlPerTrade.value(Self.summary(pnlCents: 300, fills: 0, sharpe: nil)) == nil)
        #expect(SweepObjective.pnl.text(summary) == "3.00")
        #expect(SweepObjective.calmar.text(summary) == "-0.50")
        #expect(SweepObjective(rawValue: "pnl-per-trade") == .pnlPerTrade)
    }

    @Test func cellsRankByTheObjectiveUndefinedLastTiesInGridOrder() {
        let cells = [
            Self.cell(0, Self.summary(pnlCents: 100, fills: 1, sharpe: nil)),
            Self.cell(1, Self.summary(pnlCents: 500, fills: 10, sharpe: 0.5)),
            Self.cell(2, Self.summary(pnlCents: 100, fills: 2, sharpe: 2)),
            Self.cell(3, Self.summary(pnlCents: -50, fills: 1, sharpe: 0.5)),
        ]
        #expect(ParameterSweep.ranked(cells).map(\.index) == [1, 0, 2, 3])
        #expect(ParameterSweep.ranked(cells, by: .sharpe).map(\.index) == [2, 1, 3, 0])
        // P&L a fill: 100, 50, 50, -50 cents.
        #expect(ParameterSweep.ranked(cells, by: .pnlPerTrade).map(\.index) == [0, 1, 2, 3])
        #expect(ParameterSweep.ranked(cells.reversed(), by: .sharpe).map(\.index) == [2, 1, 3, 0])
    }

    /// Money stays money: P&L a fill ranks and shows to the last unit, where a Double of 2^53
    /// units and more cannot tell one unit from the next, and JSON writes it in integer units.
    @Test func moneyObjectivesRankAndShowExactly() throws {
        func cell(_ index: Int, units: Int64) -> ParameterSweep.Cell {
            var summary = Self.summary(pnlCents: 0, fills: 1, sharpe: nil)
            summary.totalPnL = Money(units: units)
            return Self.cell(index, summary)
        }
        let cells = [cell(0, units: 9_007_199_254_740_992), cell(1, units: 9_007_199_254_740_993)]
        #expect(ParameterSweep.ranked(cells, by: .pnlPerTrade).map(\.index) == [1, 0])
        #expect(SweepObjective.pnlPerTrade.text(cells[1].summary) == "900719925474.0993")
        #expect(SweepObjective.pnlPerTrade.text(value: .money(Money(units: -7_500))) == "-0.7500")
        let encoded = try JSONEncoder().encode([SweepObjective.pnl.value(cells[1].summary), .ratio(1.5)])
        #expect(String(decoding: encoded, as: UTF8.self) == "[9007199254740993,1.5]")
    }
}
