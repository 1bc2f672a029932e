import Backtest
import Reports
import StrategyKit
import Sweeps
import Testing

@testable import TickworkCLI

/// A sweep's text: the table with the objective and its neighbours' mean first, and the heat map
/// of a two-parameter grid.
@Suite(.timeLimit(.minutes(10))) struct SweepTableTests {
    @Test func aSmallGridsTableAndHeatMap() {
        let grid = ParameterGrid(axes: [ParameterGrid.Axis(name: "a", values: ["1", "2"]), ParameterGrid.Axis(name: "b", values: ["x", "y"])])
        let sharpes: [Double?] = [0.5, 2, nil, 1.5]
        let cells = ParameterSweep.ranked(zip(grid.cells, sharpes).enumerated().map { index, pair in
            ParameterSweep.Cell(
                index: index, assignments: pair.0,
                summary: MetricsSummary(
                    totalPnL: Money(cents: Int64(index) * 100), realizedPnL: .zero, unrealizedPnL: .zero, fees: .zero, fills: index,
                    volume: .zero, notional: .zero, maxPosition: .zero, maxDrawdown: .zero, sharpe: pair.1, sortino: nil, profitFactor: nil),
                statistics: BacktestStatistics())
        }, by: .sharpe)
        let neighbours = SweepNeighbours(grid: grid, cells: cells, objective: .sharpe)
        #expect(BacktestSweep.table(neighbours) + BacktestSweep.heatMap(neighbours, best: cells.first) == """
            a  b  SHARPE  NEIGHBOURS   P&L  REALIZED  FEES  FILLS  VOLUME  MAX POS  DRAWDOWN
            1  y    2.00        1.00  1.00      0.00  0.00      1       0        0      0.00
            2  y    1.50        2.00  3.00      0.00  0.00      3       0        0      0.00
            1  x    0.50        2.00  0.00      0.00  0.00      0       0        0      0.00
            2  x       -        1.00  2.00      0.00  0.00      2       0        0      0.00

            SHARPE by a (rows) and b (columns); * the best, ! far above its neighbours:
            a \\ b     x      y
            1      0.50  2.00*
            2         -   1.50

            """)
    }
}
