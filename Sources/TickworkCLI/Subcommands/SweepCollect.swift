import CommandLineKit
import FoundationEssentials
import Ledger
import Sweeps

/// `tickwork sweep collect`: a sweep's results as the local sweep prints them.
enum SweepCollect {
    static let command = Command(
        name: "collect",
        summary: "Merge a sweep's results into the table a local sweep prints.",
        discussion: """
            Reads DIR/results and prints the table 'tickwork backtest --param' prints for the \
            same grid (or with --json the same JSON), ranked by the objective the sweep was planned \
            with (--objective), best first. Cells without \
            a usable result are named on stderr (failed with the reason, missing) and the exit \
            status is then 1. A result file that is not its cell's (another cell's number or \
            parameters) counts as failed. With --resubmit-failed the failed and missing cells \
            that are not queued are submitted again as one job array of just those cells \
            (their failure files removed first), with --sbatch-args as for 'submit'. For a \
            walk-forward it prints the report 'tickwork backtest --walk-forward' prints, or \
            names the windows and sweeps without a result and exits 1.
            """,
        arguments: [SweepSubmit.directory],
        options: [BacktestCommand.json, resubmit, SweepSubmit.sbatchArguments],
        run: run
    )

    static let resubmit: Option<Bool> = .flag("--resubmit-failed", help: "Submit the failed and missing cells again.")

    static func run(_ invocation: Invocation) throws -> Int32 {
        let walkForward = WalkForwardDirectory(path: SweepPlan.absolute(invocation[SweepSubmit.directory]))
        if walkForward.exists { return try SweepWalkForward.collect(walkForward, json: invocation[BacktestCommand.json]) }
        let directory = SweepDirectory(path: SweepPlan.absolute(invocation[SweepSubmit.directory]))
        let arguments = SweepSubmit.words(invocation[SweepSubmit.sbatchArguments])
        return try collect(directory, json: invocation[BacktestCommand.json], resubmitting: invocation[resubmit] ? arguments : nil)
    }

    /// Prints `directory`'s results and names the cells without one; returns 0 when every cell
    /// has its result, else 1 after resubmitting the failed and missing cells with the sbatch
    /// arguments `resubmitting` when given.
    static func collect(_ directory: SweepDirectory, json: Bool, resubmitting: [String]?) throws -> Int32 {
        let manifest = try directory.manifest()
        let collection = SweepCollection(directory: directory, manifest: manifest)
        try BacktestSweep.show(collection.done, grid: ParameterGrid(axes: manifest.grid), objective: manifest.rankedBy, json: json)
        guard !collection.isComplete else { return 0 }
        for failure in collection.failed {
            Console.err("tickwork: cell \(failure.cell) failed: \(failure.reason)")
        }
        if !collection.missing.isEmpty {
            Console.err("tickwork: cells without a result: \(collection.missing.map(String.init).joined(separator: ", "))")
        }
        Console.err("tickwork: \(collection.done.count) of \(manifest.cells) cells done")
        if let resubmitting {
            try resubmitFailed(directory, manifest: manifest, arguments: resubmitting)
        }
        return 1
    }

    /// Submits again the cells that failed or are missing and are not queued.
    static func resubmitFailed(_ directory: SweepDirectory, manifest: SweepManifest, arguments: [String]) throws {
        let cells = SweepStatus.report(directory, manifest: manifest).rerunnable
        guard !cells.isEmpty else {
            Console.err("tickwork: nothing to resubmit: the cells without a result are still queued")
            return
        }
        for cell in cells where FileManager.default.fileExists(atPath: directory.failurePath(cell, count: manifest.cells)) {
            try FileManager.default.removeItem(atPath: directory.failurePath(cell, count: manifest.cells))
        }
        let array = "--array=\(cells.map(String.init).joined(separator: ","))%\(manifest.resources.maxParallel)"
        let job = try SweepSubmit.submit(directory, arguments: [array] + arguments)
        Console.err("tickwork: resubmitted cells \(cells.map(String.init).joined(separator: ", ")) as job \(job)")
    }
}
