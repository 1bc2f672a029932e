import FoundationEssentials
import Recording
import Wire

/// The layout of a planned walk-forward's directory (`tickwork sweep plan --walk-forward`):
///
///     walk-forward.json    the manifest (`WalkForwardDirectory.Manifest`)
///     windows/WW/          window WW's training sweep, a planned sweep's directory of its own
///                          (`SweepDirectory`), plus:
///     windows/WW/test.sbatch  the batch job that runs the window's chosen cell on its test days,
///                          submitted to start once the training array has ended well (afterok)
///     windows/WW/test.json the test run's outcome (`WalkForwardReport.WindowResult`), written whole
///     windows/WW/test.failed  its error, when the test run failed
///     whole/               the sweep of the whole period, for the in-sample best
///     jobs                 every Slurm job id submitted for it, one a line
///
/// Window numbers have two digits, more past 100 windows.
public struct WalkForwardDirectory: Sendable {
    /// What every window's sweep and test run share: the plan, the days and the objective.
    public struct Manifest: Codable, Hashable, Sendable {
        /// One day of data: its date (nil when unknown) and its file as planned.
        public struct Day: Codable, Hashable, Sendable {
            public var date: String?
            public var file: SweepManifest.DataFile

            public init(date: String?, file: SweepManifest.DataFile) {
                self.date = date
                self.file = file
            }
        }

        public var plan: WalkForward
        public var objective: SweepObjective
        public var days: [Day]
        public var windows: [WalkForward.Window]

        public init(plan: WalkForward, objective: SweepObjective, days: [Day]) {
            self.plan = plan
            self.objective = objective
            self.days = days
            windows = plan.windows(days: days.count)
        }

        /// The days as `DayRecordings` gives them.
        public var recordingDays: [RecordingDay] { days.map { RecordingDay(date: $0.date, path: $0.file.path) } }
    }

    /// The directory's path, without a trailing slash.
    public let path: String

    public init(path: String) {
        self.path = SweepDirectory(path: path).path
    }

    public var manifestPath: String { path + "/walk-forward.json" }
    public var jobsPath: String { path + "/jobs" }
    /// Whether the directory holds a planned walk-forward (rather than a plain sweep).
    public var exists: Bool { FileManager.default.fileExists(atPath: manifestPath) }

    /// Window `index`'s training sweep among `count` windows.
    public func window(_ index: Int, count: Int) -> SweepDirectory {
        let width = max(2, String(max(0, count - 1)).count)
        let digits = String(index)
        return SweepDirectory(path: "\(path)/windows/\(String(repeating: "0", count: max(0, width - digits.count)))\(digits)")
    }

    /// The sweep of the whole period.
    public var whole: SweepDirectory { SweepDirectory(path: path + "/whole") }

    public func testScriptPath(_ window: SweepDirectory) -> String { window.path + "/test.sbatch" }
    public func testResultPath(_ window: SweepDirectory) -> String { window.path + "/test.json" }
    public func testFailurePath(_ window: SweepDirectory) -> String { window.path + "/test.failed" }

    public func manifest() throws(BacktestError) -> Manifest {
        try SweepDirectory.decode(Manifest.self, at: manifestPath, what: "not a planned walk-forward")
    }

    /// What the directory's results say: the report when every window's test and the whole
    /// period's sweep are done, else what is missing or failed, one line each.
    public func collect(_ manifest: Manifest) -> Result<WalkForwardReport, Incomplete> {
        var problems: [String] = []
        var results: [WalkForwardReport.WindowResult] = []
        for window in manifest.windows {
            let directory = self.window(window.index, count: manifest.windows.count)
            let resultPath = testResultPath(directory)
            if FileManager.default.fileExists(atPath: resultPath) {
                do throws(BacktestError) {
                    let result = try SweepDirectory.decode(WalkForwardReport.WindowResult.self, at: resultPath, what: "not a window's test result")
                    guard result.window == window else { throw .badSweep(path: resultPath, reason: "holds window \(result.window.index)'s result") }
                    results.append(result)
                } catch {
                    problems.append("window \(window.index): \(error.description)")
                }
            } else if let data = FileManager.default.contents(atPath: testFailurePath(directory)) {
                problems.append("window \(window.index): its test run failed: \(String(decoding: data, as: UTF8.self).trimmingWhitespace)")
            } else {
                problems.append("window \(window.index): no test result yet")
            }
        }
        var wholePeriod: (grid: ParameterGrid, cells: [ParameterSweep.Cell])?
        do throws(BacktestError) {
            let wholeManifest = try whole.manifest()
            let collection = SweepCollection(directory: whole, manifest: wholeManifest)
            if collection.isComplete { wholePeriod = (ParameterGrid(axes: wholeManifest.grid), collection.done) } else {
                problems.append("the whole period's sweep: \(collection.done.count) of \(wholeManifest.cells) cells done")
            }
        } catch {
            problems.append("the whole period's sweep: \(error.description)")
        }
        guard problems.isEmpty, let wholePeriod else { return .failure(Incomplete(problems: problems)) }
        return .success(WalkForwardReport(
            plan: manifest.plan, objective: manifest.objective, days: manifest.recordingDays, windows: results, grid: wholePeriod.grid,
            wholePeriod: wholePeriod.cells))
    }

    /// Why a walk-forward cannot be reported yet.
    public struct Incomplete: Error, Hashable, Sendable {
        public var problems: [String]
    }
}
