import Backtest
import Foundation
import Reports
import StrategyKit
import Sweeps
import Testing
import TestSupport

/// Collecting a planned sweep's result files: every cell is done, failed or missing, a result
/// is taken only under its own cell's name, and a cell run twice counts once.
@Suite(.timeLimit(.minutes(10))) struct SweepCollectionTests {
    static let grid = [ParameterGrid.Axis(name: "spread", values: ["1", "2", "4"]), ParameterGrid.Axis(name: "size", values: ["10", "50"])]

    static let manifest = SweepManifest(
        version: "0.1.0", strategy: "MarketMaker", grid: grid,
        data: [SweepManifest.DataFile(path: "/data/books.twrb", bytes: 10, sha256: String(repeating: "0", count: 64))],
        latencyMilliseconds: 2, feeCents: 0, resources: SweepManifest.Resources(maxParallel: 2, time: "10", memory: "1G"),
        executable: "/usr/bin/tickwork")

    /// A sweep directory with `results/` and the result of each cell in `profits` (cell: P&L in cents).
    static func directory(in scratch: TemporaryDirectory, profits: [Int: Int64]) throws -> SweepDirectory {
        let directory = SweepDirectory(path: scratch.path)
        try FileManager.default.createDirectory(atPath: directory.resultsPath, withIntermediateDirectories: true)
        let cells = ParameterGrid(axes: grid).cells
        for (cell, profit) in profits {
            try write(result(cell: cell, parameters: cells[cell], profit: profit), to: directory.resultPath(cell, count: cells.count))
        }
        return directory
    }

    static func result(cell: Int, parameters: [ParameterGrid.Assignment], profit: Int64) -> SweepResult {
        let zero = Money(cents: 0)
        let metrics = MetricsSummary(
            totalPnL: Money(cents: profit), realizedPnL: Money(cents: profit), unrealizedPnL: zero, fees: zero, fills: 3,
            volume: Quantity(shares: 30), notional: Money(cents: 15_000), maxPosition: Quantity(shares: 10), maxDrawdown: zero,
            sharpe: 1.25, sortino: nil, profitFactor: nil)
        return SweepResult(
            cell: cell, parameters: Dictionary(uniqueKeysWithValues: parameters.map { ($0.name, $0.value) }), metrics: metrics,
            statistics: BacktestStatistics())
    }

    static func write(_ result: SweepResult, to path: String) throws {
        try JSONEncoder().encode(result).write(to: URL(fileURLWithPath: path))
    }

    @Test func finishedCellsAreRankedByProfitAndTheOthersNamedAsFailedOrMissing() throws {
        let scratch = try TemporaryDirectory()
        defer { scratch.remove() }
        let directory = try Self.directory(in: scratch, profits: [0: 50, 2: 300, 3: -20, 5: 300])
        try "the engine stopped: disk full\n".write(toFile: directory.failurePath(1, count: 6), atomically: true, encoding: .utf8)
        let collection = SweepCollection(directory: directory, manifest: Self.manifest)
        #expect(collection.done.map(\.index) == [2, 5, 0, 3])
        #expect(collection.done[0].assignments == ParameterGrid(axes: Self.grid).cells[2])
        #expect(collection.done[0].summary.totalPnL == Money(cents: 300))
        #expect(collection.failed == [SweepCollection.Failure(cell: 1, reason: "the engine stopped: disk full")])
        #expect(collection.missing == [4])
        #expect(!collection.isComplete)
    }

    @Test func aResultUnderAnotherCellsNameIsAFailureNotASecondResult() throws {
        let scratch = try TemporaryDirectory()
        defer { scratch.remove() }
        let directory = try Self.directory(in: scratch, profits: [0: 10, 1: 20, 2: 30, 3: 40, 4: 50, 5: 60])
        // Cell 3's result copied over cell 4's: two files claim cell 3.
        try FileManager.default.removeItem(atPath: directory.resultPath(4, count: 6))
        try FileManager.default.copyItem(atPath: directory.resultPath(3, count: 6), toPath: directory.resultPath(4, count: 6))
        let collection = SweepCollection(directory: directory, manifest: Self.manifest)
        #expect(collection.done.map(\.index) == [5, 3, 2, 1, 0])
        #expect(collection.failed.map(\.cell) == [4])
        #expect(collection.failed.first?.reason.contains("holds cell 3's result") == true)
        #expect(collection.missing.isEmpty)
    }

    @Test func aCellThatFailedAndThenRanAgainCountsOnceAsDone() throws {
        let scratch = try TemporaryDirectory()
        defer { scratch.remove() }
        let directory = try Self.directory(in: scratch, profits: [0: 10, 1: 20, 2: 30, 3: 40, 4: 50, 5: 60])
        try "TIMEOUT\n".write(toFile: directory.failurePath(2, count: 6), atomically: true, encoding: .utf8)
        // A requeued run writes the same bytes again; temporary files of a write cut short are not results.
        try Self.write(Self.result(cell: 2, parameters: ParameterGrid(axes: Self.grid).cells[2], profit: 30), to: directory.resultPath(2, count: 6))
        try "{".write(toFile: directory.resultPath(2, count: 6) + ".tmp-999", atomically: true, encoding: .utf8)
        let collection = SweepCollection(directory: directory, manifest: Self.manifest)
        #expect(collection.isComplete)
        #expect(collection.done.map(\.index) == [5, 4, 3, 2, 1, 0])
    }

    @Test func aMalformedResultIsAFailureNamingItsFile() throws {
        let scratch = try TemporaryDirectory()
        defer { scratch.remove() }
        let directory = try Self.directory(in: scratch, profits: [0: 10, 1: 20, 2: 30, 3: 40, 4: 50])
        try "{\"cell\": 5".write(toFile: directory.resultPath(5, count: 6), atomically: true, encoding: .utf8)
        let collection = SweepCollection(directory: directory, manifest: Self.manifest)
        #expect(collection.failed.map(\.cell) == [5])
        #expect(collection.failed.first?.reason.hasPrefix(directory.resultPath(5, count: 6) + ": not a sweep result") == true)
    }

    @Test func cellNamesHaveFourDigitsAndWidenForBigGrids() {
        #expect(SweepDirectory.name(of: 7, count: 6) == "0007")
        #expect(SweepDirectory.name(of: 7, count: 10_000) == "0007")
        #expect(SweepDirectory.name(of: 7, count: 10_001) == "00007")
        #expect(SweepDirectory(path: "/tmp/sweep/").resultPath(12, count: 20) == "/tmp/sweep/results/0012.json")
    }
}
