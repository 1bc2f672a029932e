import Backtest
import Foundation
import Reports
import Sweeps
import Testing
import TestSupport

@testable import TickworkCLI

/// `tickwork sweep status` from the files and the queue together.
@Suite(.timeLimit(.minutes(10))) struct SweepStatusTests {
    @Test func aCellThatEndsWhileStatusReadsIsDoneNotEndedWithoutAResult() throws {
        let scratch = try TemporaryDirectory()
        defer { scratch.remove() }
        let directory = SweepDirectory(path: scratch.file("sweep"))
        try SweepPlan.write(SweepPlanTests.manifest, to: directory)
        try "7\n".write(toFile: directory.jobsPath, atomically: true, encoding: .utf8)
        let result = try #require(FileManager.default.contents(atPath: directory.cellPath(4, count: 6)))
        let cell = try JSONDecoder().decode(SweepCellFile.self, from: result)
        // Cell 4's task writes its result and ends while the queue is asked: the queue says
        // completed, and the result is there when the files are read after it.
        let report = SweepStatus.report(directory, manifest: SweepPlanTests.manifest) { jobs in
            #expect(jobs == [7])
            let finished = SweepResult(
                cell: 4, parameters: cell.parameters,
                metrics: MetricsSummary(
                    totalPnL: .zero, realizedPnL: .zero, unrealizedPnL: .zero, fees: .zero, fills: 0, volume: .zero, notional: .zero,
                    maxPosition: .zero, maxDrawdown: .zero, sharpe: nil, sortino: nil, profitFactor: nil),
                statistics: BacktestStatistics())
            #expect(FileManager.default.createFile(
                atPath: directory.resultPath(4, count: 6), contents: try? JSONEncoder().encode(finished)))
            return ([4: .completed, 5: .running, 0: .pending, 1: .failed], nil)
        }
        #expect(report.done == [4])
        #expect(report.running == [5])
        #expect(report.pending == [0])
        #expect(report.failed.map(\.cell) == [1])
        #expect(report.missing == [2, 3])
    }
}
