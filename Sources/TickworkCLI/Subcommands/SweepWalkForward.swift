import CommandLineKit
import FoundationEssentials
import Recording
import Sweeps
import SystemIO

/// A walk-forward planned as a directory (`tickwork sweep plan --walk-forward`): each window's
/// training sweep a planned sweep of its own (one Slurm array), each window's test run a job
/// that waits for that array (afterok), and the whole period's sweep for the in-sample best.
/// `sweep submit`, `run`, `status` and `collect` come here when the directory holds one.
enum SweepWalkForward {
    static let test = Command(
        name: "test",
        summary: "Run a planned walk-forward window's chosen cell on its test days (what each test job runs).",
        discussion: """
            Reads window W's training sweep in DIR/windows, takes its best cell by the \
            walk-forward's objective, runs it over the window's test days and writes \
            DIR/windows/WW/test.json whole; on failure DIR/windows/WW/test.failed with the error, \
            and exits 1.
            """,
        arguments: [SweepSubmit.directory, window],
        run: runTest, hidden: true
    )

    static let window: Argument<Int64> = .required("W", help: "The window's number, from 0.", parse: .integer(in: 0...Int64(Int32.max)))

    /// Writes the walk-forward of `plan` over `days` into `directory`: each window's training
    /// sweep with its test script, the whole period's sweep and `walk-forward.json`; `manifest`
    /// makes a sweep's manifest over the given recordings and `planned` holds each day's file.
    /// Returns the number of windows.
    static func plan(
        _ plan: WalkForward, days: [RecordingDay], planned: [String: SweepManifest.DataFile], objective: SweepObjective,
        into directory: WalkForwardDirectory, manifest: ([String]) -> SweepManifest
    ) throws -> Int {
        let windows = plan.windows(days: days.count)
        guard !windows.isEmpty else {
            throw CLIError.failure("--walk-forward \(plan.text): needs \(plan.trainDays + plan.testDays) days of data, --data holds \(days.count)")
        }
        for window in windows {
            let sweep = directory.window(window.index, count: windows.count)
            let training = manifest(days[window.train].map(\.path))
            try SweepPlan.write(training, to: sweep)
            let script = SweepBatchScript.testText(training, directory: directory, window: window.index, windowDirectory: sweep)
            try DurableFile.replace(directory.testScriptPath(sweep), with: Array(script.utf8), mode: 0o755)
        }
        try SweepPlan.write(manifest(days[plan.period(days: days.count)].map(\.path)), to: directory.whole)
        let files = days.map { day in
            guard let file = planned[day.path] else { preconditionFailure("every day was planned") }
            return WalkForwardDirectory.Manifest.Day(date: day.date, file: file)
        }
        let written = WalkForwardDirectory.Manifest(plan: plan, objective: objective, days: files)
        try DurableFile.replace(directory.manifestPath, with: Array((try JSONOutput.encode(written) + "\n").utf8))
        return windows.count
    }

    /// Submits every window's training array, each window's test job to start once its array
    /// has ended well, and the whole period's array; records every job id in the directory.
    static func submit(_ directory: WalkForwardDirectory, arguments: [String], json: Bool) throws -> Int32 {
        let manifest = try directory.manifest()
        // The whole period's recordings are every window's: checking them checks all.
        _ = try SweepCellRunner(directory: directory.whole, verifyChecksum: true)
        var jobs: [Int] = []
        for window in manifest.windows {
            let sweep = directory.window(window.index, count: manifest.windows.count)
            let training = try SweepSubmit.submit(sweep, arguments: arguments)
            let test = try SlurmQueue.submit(script: directory.testScriptPath(sweep), arguments: ["--dependency=afterok:\(training)"] + arguments)
            jobs += [training, test]
        }
        let whole = try SweepSubmit.submit(directory.whole, arguments: arguments)
        jobs.append(whole)
        let recorded = (try? String(contentsOfFile: directory.jobsPath, encoding: .utf8)) ?? ""
        try DurableFile.replace(directory.jobsPath, with: Array((recorded + jobs.map { "\($0)\n" }.joined()).utf8))
        if json {
            Console.out(try JSONOutput.encode(Submitted(directory: directory.path, windows: manifest.windows.count, jobs: jobs)))
        } else {
            Console.out(
                "\(directory.path): submitted \(manifest.windows.count) windows (each a sweep, then its test run after it) "
                    + "and the whole period's sweep as jobs \(jobs.map(String.init).joined(separator: ", "))")
        }
        return 0
    }

    /// Runs here what has no result yet (every sweep's cells, then the windows' test runs) and
    /// prints the report as `collect` does.
    static func run(_ directory: WalkForwardDirectory, json: Bool) throws -> Int32 {
        let manifest = try directory.manifest()
        let sweeps = manifest.windows.map { directory.window($0.index, count: manifest.windows.count) } + [directory.whole]
        for (index, sweep) in sweeps.enumerated() {
            // The whole period's recordings are every window's: their checksums once, there.
            let runner = try SweepCellRunner(directory: sweep, verifyChecksum: index == sweeps.count - 1)
            let count = runner.manifest.cells
            let waiting = (0..<count).filter { !FileManager.default.fileExists(atPath: sweep.resultPath($0, count: count)) }
            ParameterSweep.perform(waiting.count) { position in
                _ = runner.runAndRecord(waiting[position])
            }
        }
        for window in manifest.windows where !FileManager.default.fileExists(atPath: directory.testResultPath(directory.window(window.index, count: manifest.windows.count))) {
            _ = try? runAndRecordTest(directory, manifest: manifest, window: window.index)
        }
        return try collect(directory, json: json)
    }

    /// Prints the walk-forward's report, or names what is missing and returns 1.
    static func collect(_ directory: WalkForwardDirectory, json: Bool) throws -> Int32 {
        let manifest = try directory.manifest()
        switch directory.collect(manifest) {
        case .success(let report):
            if json {
                Console.out(try JSONOutput.encode(report))
            } else {
                let whole = try directory.whole.manifest()
                Console.out(BacktestWalkForward.text(report, strategy: whole.strategy, axes: whole.grid.map(\.name)), terminator: "")
            }
            return 0
        case .failure(let incomplete):
            for problem in incomplete.problems { Console.err("tickwork: \(problem)") }
            return 1
        }
    }

    /// Each window's and the whole period's sweep as `sweep status` states a sweep, and each
    /// window's test run: done, failed or waiting.
    static func status(_ directory: WalkForwardDirectory, json: Bool) throws -> Int32 {
        let manifest = try directory.manifest()
        var windows: [WindowStatus] = []
        for window in manifest.windows {
            let sweep = directory.window(window.index, count: manifest.windows.count)
            let test = FileManager.default.fileExists(atPath: directory.testResultPath(sweep)) ? "done"
                : FileManager.default.fileExists(atPath: directory.testFailurePath(sweep)) ? "failed" : "waiting"
            windows.append(WindowStatus(window: window.index, sweep: SweepStatus.report(sweep, manifest: try sweep.manifest()), test: test))
        }
        let whole = SweepStatus.report(directory.whole, manifest: try directory.whole.manifest())
        if json {
            Console.out(try JSONOutput.encode(Status(windows: windows, whole: whole)))
            return 0
        }
        func line(_ report: SweepStatus.Report) -> String {
            "\(report.cells) cells: \(report.done.count) done, \(report.running.count) running, \(report.pending.count) pending, "
                + "\(report.failed.count) failed, \(report.missing.count) missing"
        }
        Console.out("\(directory.path): a walk-forward of \(manifest.windows.count) windows")
        for window in windows {
            Console.out("  window \(window.window): \(line(window.sweep)); test \(window.test)")
        }
        Console.out("  whole period: \(line(whole))")
        return 0
    }

    static func runTest(_ invocation: Invocation) throws -> Int32 {
        let directory = WalkForwardDirectory(path: SweepPlan.absolute(invocation[SweepSubmit.directory]))
        let manifest = try directory.manifest()
        let index = Int(invocation[window])
        guard index < manifest.windows.count else {
            throw CLIError.usage("W: the walk-forward has windows 0 to \(manifest.windows.count - 1), not \(index)")
        }
        try runAndRecordTest(directory, manifest: manifest, window: index)
        return 0
    }

    /// Runs window `index`'s chosen cell over its test days and writes `test.json`, or on
    /// failure `test.failed` with the error, which it then throws.
    static func runAndRecordTest(_ directory: WalkForwardDirectory, manifest: WalkForwardDirectory.Manifest, window index: Int) throws {
        let window = manifest.windows[index]
        let sweep = directory.window(index, count: manifest.windows.count)
        do {
            let runner = try SweepCellRunner(directory: sweep, verifyChecksum: false)
            let collection = SweepCollection(directory: sweep, manifest: runner.manifest)
            guard collection.isComplete, let chosen = collection.done.first else {
                throw CLIError.failure("window \(index)'s sweep has \(collection.done.count) of \(runner.manifest.cells) cells done")
            }
            let days = manifest.days[window.test]
            for day in days { try SweepCellRunner.check(day.file, verifyChecksum: false) }
            let test = try runner.backtest(ParameterGrid.texts(chosen.assignments), data: days.map(\.file.path))
            let result = WalkForwardReport.WindowResult(window: window, chosen: chosen, test: test)
            try DurableFile.replace(directory.testResultPath(sweep), with: Array((try JSONOutput.encode(result) + "\n").utf8))
            if FileManager.default.fileExists(atPath: directory.testFailurePath(sweep)) {
                try FileManager.default.removeItem(atPath: directory.testFailurePath(sweep))
            }
        } catch {
            try? DurableFile.replace(directory.testFailurePath(sweep), with: Array("\(error)\n".utf8))
            throw error
        }
    }

    /// What `submit --json` prints.
    struct Submitted: Encodable {
        var directory: String
        var windows: Int
        var jobs: [Int]
    }

    /// What `status --json` prints.
    struct Status: Encodable {
        var windows: [WindowStatus]
        var whole: SweepStatus.Report
    }

    struct WindowStatus: Encodable {
        var window: Int
        var sweep: SweepStatus.Report
        var test: String
    }
}
