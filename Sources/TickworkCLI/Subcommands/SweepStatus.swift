import CommandLineKit
import FoundationEssentials
import Sweeps

/// `tickwork sweep status`: where each cell of a planned sweep stands.
enum SweepStatus {
    static let command = Command(
        name: "status",
        summary: "Show which cells of a sweep are done, running, pending, failed or missing.",
        discussion: """
            A cell is done when its result file is there; running or pending as 'squeue --json' \
            reports its array task (for the jobs in DIR/jobs); failed when its run recorded an \
            error, or Slurm ended its task otherwise (time limit, memory, cancelled) or it \
            completed without a result; missing when none of these holds (not submitted, or \
            gone from the queue without a trace). Without squeue the files alone decide, and \
            a warning says so. A walk-forward's status is each window's sweep and test run, \
            and the whole period's sweep.
            """,
        arguments: [SweepSubmit.directory],
        options: [json],
        run: run
    )

    static let json: Option<Bool> = .flag("--json", help: "Print the cells of each state as JSON.")

    /// Each cell's state; `failed` with the reason.
    struct Report: Encodable {
        struct Failure: Encodable {
            var cell: Int
            var reason: String
        }

        var cells: Int
        var done: [Int] = []
        var running: [Int] = []
        var pending: [Int] = []
        var failed: [Failure] = []
        var missing: [Int] = []

        /// The cells that should run again: failed or missing, and not in the queue.
        var rerunnable: [Int] { (failed.map(\.cell) + missing).sorted() }
    }

    static func run(_ invocation: Invocation) throws -> Int32 {
        let walkForward = WalkForwardDirectory(path: SweepPlan.absolute(invocation[SweepSubmit.directory]))
        if walkForward.exists { return try SweepWalkForward.status(walkForward, json: invocation[json]) }
        let directory = SweepDirectory(path: SweepPlan.absolute(invocation[SweepSubmit.directory]))
        let manifest = try directory.manifest()
        let report = self.report(directory, manifest: manifest)
        if invocation[json] {
            Console.out(try JSONOutput.encode(report))
            return 0
        }
        Console.out(
            "\(directory.path): \(report.cells) cells: \(report.done.count) done, \(report.running.count) running, "
                + "\(report.pending.count) pending, \(report.failed.count) failed, \(report.missing.count) missing")
        for (name, cells) in [("running", report.running), ("pending", report.pending), ("missing", report.missing)] where !cells.isEmpty {
            Console.out("  \(name): \(cells.map(String.init).joined(separator: ", "))")
        }
        for failure in report.failed {
            Console.out("  failed \(failure.cell): \(failure.reason)")
        }
        return 0
    }

    /// The state of every cell of `manifest`'s sweep in `directory`, from its files and the queue.
    /// A result wins; then the queue's running or pending (a failed cell may run again); then a
    /// recorded failure; then the queue's word that the task ended without a result.
    /// `queue` asks Slurm about the sweep's jobs (the tests' stand-in for `squeue`).
    static func report(
        _ directory: SweepDirectory, manifest: SweepManifest,
        queue ask: (Set<Int>) -> (tasks: [Int: SlurmQueue.TaskState], problem: String?) = SlurmQueue.tasks
    ) -> Report {
        // The queue first: a task writes its result before it ends, so a task that ends between
        // the two reads shows as running with its result there, never as ended without one.
        let (queue, problem) = ask(Set(directory.jobs()))
        let collection = SweepCollection(directory: directory, manifest: manifest)
        if let problem { Console.err("tickwork: warning: \(problem); the result files alone decide") }
        let failures = Dictionary(uniqueKeysWithValues: collection.failed.map { ($0.cell, $0.reason) })
        var report = Report(cells: manifest.cells)
        report.done = collection.done.map(\.index).sorted()
        for cell in (collection.failed.map(\.cell) + collection.missing).sorted() {
            switch (queue[cell], failures[cell]) {
            case (.running?, _): report.running.append(cell)
            case (.pending?, _): report.pending.append(cell)
            case (_, let reason?): report.failed.append(Report.Failure(cell: cell, reason: reason))
            case (.failed?, nil): report.failed.append(Report.Failure(cell: cell, reason: "Slurm ended its task (see \(directory.logsPath))"))
            case (.completed?, nil): report.failed.append(Report.Failure(cell: cell, reason: "its task completed without a result"))
            case (nil, nil): report.missing.append(cell)
            }
        }
        return report
    }
}
