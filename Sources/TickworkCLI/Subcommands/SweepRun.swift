import CommandLineKit
import FoundationEssentials
import Sweeps
import SystemIO

/// `tickwork sweep run` (a planned sweep's cells run here) and `tickwork sweep cell` (one cell:
/// what each array task of `sweep.sbatch` runs).
enum SweepRun {
    static let command = Command(
        name: "run",
        summary: "Run a planned sweep's cells on this machine, then collect.",
        discussion: """
            The fallback without Slurm: runs every cell of DIR that has no result yet, in \
            parallel on this machine's cores, writing results/NNNN.json (or NNNN.failed) exactly \
            as the cluster's array tasks do, then prints what 'tickwork sweep collect' prints \
            and exits as it does. A plan made here runs unchanged on a cluster and vice versa. \
            A walk-forward runs every window's sweep, then each window's test run, then the \
            whole period's sweep, and prints its report.
            """,
        arguments: [SweepSubmit.directory],
        options: [BacktestCommand.json],
        run: run
    )

    static let cell = Command(
        name: "cell",
        summary: "Run one cell of a planned sweep (what each Slurm array task runs).",
        discussion: """
            Runs cell N of DIR and writes DIR/results/NNNN.json whole (a temporary file renamed \
            over it); a cell run twice writes the same bytes. On failure it writes \
            DIR/results/NNNN.failed with the error and exits 1.
            """,
        arguments: [SweepSubmit.directory, index],
        run: runCell, hidden: true
    )

    static let index: Argument<Int64> = .required("N", help: "The cell's number, from 0.", parse: .integer(in: 0...Int64(Int32.max)))

    static func run(_ invocation: Invocation) throws -> Int32 {
        let walkForward = WalkForwardDirectory(path: SweepPlan.absolute(invocation[SweepSubmit.directory]))
        if walkForward.exists { return try SweepWalkForward.run(walkForward, json: invocation[BacktestCommand.json]) }
        let directory = SweepDirectory(path: SweepPlan.absolute(invocation[SweepSubmit.directory]))
        let runner = try SweepCellRunner(directory: directory, verifyChecksum: true)
        let count = runner.manifest.cells
        let waiting = (0..<count).filter { !FileManager.default.fileExists(atPath: directory.resultPath($0, count: count)) }
        ParameterSweep.perform(waiting.count) { position in
            _ = runner.runAndRecord(waiting[position])
        }
        return try SweepCollect.collect(directory, json: invocation[BacktestCommand.json], resubmitting: nil)
    }

    static func runCell(_ invocation: Invocation) throws -> Int32 {
        let directory = SweepDirectory(path: SweepPlan.absolute(invocation[SweepSubmit.directory]))
        let index = Int(invocation[Self.index])
        let runner: SweepCellRunner
        do {
            runner = try SweepCellRunner(directory: directory, verifyChecksum: false)
        } catch {
            // The cell's failure file says why, when the manifest says where it goes; the error
            // itself goes to the task's log either way.
            if let manifest = try? directory.manifest(), index < manifest.cells {
                try? DurableFile.replace(directory.failurePath(index, count: manifest.cells), with: Array("\(error)\n".utf8))
            }
            throw error
        }
        guard index < runner.manifest.cells else {
            throw CLIError.usage("N: the sweep has cells 0 to \(runner.manifest.cells - 1), not \(index)")
        }
        guard let error = runner.runAndRecord(index) else { return 0 }
        // A cell file's bad parameter is this cell's failure, not a mistake on this command line.
        if case CLIError.usage(let message)? = error as? CLIError { throw CLIError.failure(message) }
        throw error
    }
}
