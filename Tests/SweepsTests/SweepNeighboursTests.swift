import Backtest
import Reports
import StrategyKit
import Sweeps
import Testing

/// The neighbour view: each cell against the mean of the cells one step from it, a lone spike
/// flagged and a ridge not, and the heat map of a two-parameter grid.
@Suite(.timeLimit(.minutes(10))) struct SweepNeighboursTests {
    static let grid = ParameterGrid(axes: [
        ParameterGrid.Axis(name: "spread", values: ["1", "2", "3"]), ParameterGrid.Axis(name: "size", values: ["10", "50", "90"]),
    ])

    /// The grid's cells with P&L `cents[position]` (nil: the cell did not run), ranked by P&L.
    static func cells(_ cents: [Int64?]) -> [ParameterSweep.Cell] {
        let cells = zip(grid.cells, cents).enumerated().compactMap { index, pair -> ParameterSweep.Cell? in
            guard let profit = pair.1 else { return nil }
            let summary = MetricsSummary(
                totalPnL: Money(cents: profit), realizedPnL: Money(cents: profit), unrealizedPnL: .zero, fees: .zero, fills: 1,
                volume: .zero, notional: .zero, maxPosition: .zero, maxDrawdown: .zero, sharpe: nil, sortino: nil, profitFactor: nil)
            return ParameterSweep.Cell(index: index, assignments: pair.0, summary: summary, statistics: BacktestStatistics())
        }
        return ParameterSweep.ranked(cells)
    }

    @Test func aLoneSpikeIsFlaggedAgainstItsNeighboursMean() throws {
        // Flat at 1.00 but for 9.00 at spread 3, size 50: its neighbours (2/50, 3/10, 3/90) average 1.00.
        let view = SweepNeighbours(grid: Self.grid, cells: Self.cells([100, 100, 100, 100, 100, 100, 100, 900, 100]), objective: .pnl)
        let spike = try #require(view.entry(at: [2, 1]))
        #expect(spike.neighbourMean == .money(Money(units: 10_000)))
        #expect(spike.isFarAbove)
        #expect(view.entries.filter(\.isFarAbove).count == 1)
        // The centre has four neighbours, one of them the spike: (1 + 1 + 1 + 9) / 4 dollars.
        #expect(view.entry(at: [1, 1])?.neighbourMean == .money(Money(units: 30_000)))
        #expect(view.entry(at: [0, 0])?.neighbourMean == .money(Money(units: 10_000)))
    }

    @Test func aRidgeOfGoodCellsIsNoAlarm() throws {
        // A slope up to the best corner: each cell a step above its lower neighbours.
        let view = SweepNeighbours(grid: Self.grid, cells: Self.cells([100, 200, 300, 200, 300, 400, 300, 400, 500]), objective: .pnl)
        #expect(view.entries.allSatisfy { !$0.isFarAbove })
    }

    @Test func theHeatMapHasARowPerFirstValueAndMarksTheBestTheSpikeAndTheCellsNotRun() throws {
        let cells = Self.cells([100, 250, nil, 100, 120, 100, -50, 900, 100])
        let view = SweepNeighbours(grid: Self.grid, cells: cells, objective: .pnl)
        let map = try #require(view.heatMap(best: cells.first))
        #expect(map == [
            ["spread \\ size", "10", "50", "90"],
            ["1", "1.00", "2.50", "."],
            ["2", "1.00", "1.20", "1.00"],
            ["3", "-0.50", "9.00*!", "1.00"],
        ])
        let oneAxis = ParameterGrid(axes: [Self.grid.axes[0]])
        #expect(SweepNeighbours(grid: oneAxis, cells: [], objective: .pnl).heatMap(best: nil) == nil)
    }
}
