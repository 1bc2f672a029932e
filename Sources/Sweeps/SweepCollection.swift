import FoundationEssentials
import Recording
import Wire

/// What the result files of a planned sweep say: the cells that finished (as a local sweep's
/// cells, ranked by the manifest's objective), those whose run failed, and those with no outcome yet. A result is
/// taken only when it is the cell's: its number and parameters must be the grid's, so a result
/// file copied or left over under another cell's name is a failure, not a second result.
public struct SweepCollection: Sendable {
    /// A cell that has no usable result, and why.
    public struct Failure: Hashable, Sendable {
        public var cell: Int
        public var reason: String

        public init(cell: Int, reason: String) {
            self.cell = cell
            self.reason = reason
        }
    }

    /// The finished cells, best first by the manifest's objective (ties in grid order).
    public var done: [ParameterSweep.Cell]
    /// Cells whose run failed (`results/NNNN.failed`) or whose result is not theirs, in grid order.
    public var failed: [Failure]
    /// Cells with neither a result nor a failure, in grid order.
    public var missing: [Int]

    /// Reads every cell's outcome in `directory` planned by `manifest`. A cell with both a result
    /// and a failure (it failed, then ran again) counts as done.
    public init(directory: SweepDirectory, manifest: SweepManifest) {
        let cells = manifest.plannedCells
        var done: [ParameterSweep.Cell] = []
        var failed: [Failure] = []
        var missing: [Int] = []
        for (index, assignments) in cells.enumerated() {
            let resultPath = directory.resultPath(index, count: cells.count)
            let failurePath = directory.failurePath(index, count: cells.count)
            if FileManager.default.fileExists(atPath: resultPath) {
                do throws(BacktestError) {
                    let result = try SweepDirectory.decode(SweepResult.self, at: resultPath, what: "not a sweep result")
                    let expected = ParameterGrid.texts(assignments)
                    guard result.cell == index, result.parameters == expected else {
                        throw .badSweep(path: resultPath, reason: "holds cell \(result.cell)'s result \(result.parameters), not this cell's")
                    }
                    done.append(ParameterSweep.Cell(
                        index: index, assignments: assignments, summary: result.metrics, statistics: result.statistics))
                } catch {
                    failed.append(Failure(cell: index, reason: error.description))
                }
            } else if let data = FileManager.default.contents(atPath: failurePath) {
                let reason = String(decoding: data, as: UTF8.self).trimmingWhitespace
                failed.append(Failure(cell: index, reason: reason.isEmpty ? "failed" : reason))
            } else {
                missing.append(index)
            }
        }
        self.done = ParameterSweep.ranked(done, by: manifest.rankedBy)
        self.failed = failed
        self.missing = missing
    }

    /// Whether every cell has its result.
    public var isComplete: Bool { failed.isEmpty && missing.isEmpty }
}
