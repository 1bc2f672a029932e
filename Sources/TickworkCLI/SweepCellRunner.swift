import CommandLineKit
import FoundationEssentials
import Glibc
import Live
import Recording
import Reports
import Backtest
import Sweeps
import SystemIO

/// Runs the cells of a planned sweep in this process, each as `tickwork backtest` would run that
/// cell of a local sweep (same configuration, plugins, venue and recordings), and records each
/// outcome in the sweep directory: `results/NNNN.json` written whole (a temporary file renamed
/// over it), or `results/NNNN.failed` with the error. Backtests are deterministic, so a cell run
/// twice, here or on any node, writes the same bytes.
struct SweepCellRunner: Sendable {
    let directory: SweepDirectory
    let manifest: SweepManifest
    let header: RecordingHeader
    let setup: BacktestSetup
    let base: SweepBase

    /// Reads the manifest, the configuration and the recordings' headers, and loads the
    /// strategy's plugin. Refuses a sweep planned by another Tickwork version or whose
    /// recordings' or configuration's sizes have changed; `verifyChecksum` also compares their
    /// SHA-256 (once, before many cells run).
    init(directory: SweepDirectory, verifyChecksum: Bool) throws {
        self.directory = directory
        manifest = try directory.manifest()
        guard manifest.version == Tickwork.version else {
            throw CLIError.failure(
                "\(directory.manifestPath): planned by tickwork \(manifest.version), this is \(Tickwork.version): plan the sweep again")
        }
        guard !manifest.data.isEmpty else { throw CLIError.failure("\(directory.manifestPath): data: no recording") }
        for file in manifest.data + (manifest.configuration.map { [$0] } ?? []) {
            try Self.check(file, verifyChecksum: verifyChecksum)
        }
        let configuration = try DefaultConfiguration.load(manifest.configuration.map { .option($0.path) } ?? .embedded)
        let strategy = manifest.configuration == nil ? manifest.strategy : nil
        let scan = try SweepBase.plugins(strategy: strategy, configuration: configuration)
        let base = strategy.map { SweepBase.strategy($0) } ?? .configuration(configuration)
        self.base = base
        header = try RecordingSequence(paths: manifest.data.map(\.path)).header
        let first = Dictionary(uniqueKeysWithValues: manifest.grid.map { ($0.name, $0.values[0]) })
        setup = BacktestSetup(
            configuration: try base.configuration(texts: first, header: header, scan: scan), scan: scan,
            latencyMilliseconds: manifest.latencyMilliseconds, feeCents: manifest.feeCents)
    }

    /// Refuses a recording or configuration whose size (or, with `verifyChecksum`, SHA-256) is
    /// not the planned one.
    static func check(_ file: SweepManifest.DataFile, verifyChecksum: Bool) throws {
        var status = stat()
        guard stat(file.path, &status) == 0 else { throw CLIError.failure("\(file.path): cannot be read (is it on a file system this node shares?)") }
        let size = Int64(status.st_size)
        guard size == file.bytes else {
            throw CLIError.failure("\(file.path): \(size) bytes, \(file.bytes) when the sweep was planned: the file has changed")
        }
        if verifyChecksum, try FileChecksum.sha256(of: file.path) != file.sha256 {
            throw CLIError.failure("\(file.path): its SHA-256 is not the one recorded when the sweep was planned: the file has changed")
        }
    }

    /// Cell `index`'s figures.
    func run(_ index: Int) throws -> SweepResult {
        let cell = try directory.cell(index, count: manifest.cells)
        let run = try backtest(cell.parameters, data: manifest.data.map(\.path))
        return SweepResult(cell: index, parameters: cell.parameters, metrics: run.summary, statistics: run.statistics)
    }

    /// One backtest of the parameter values `parameters` over the recordings `data` (a
    /// walk-forward window's test days; the sweep's own for a cell).
    func backtest(
        _ parameters: [String: String], data: [String]
    ) throws -> (summary: MetricsSummary, statistics: BacktestStatistics, path: EquityPath) {
        var cellSetup = setup
        cellSetup.configuration = try base.configuration(texts: parameters, header: header, scan: setup.scan)
        let backtester = try cellSetup.makeBacktester(ledgerPath: nil).0
        let metrics = try backtester.run(try RecordingSequence.open(paths: data))
        return (metrics.summary(), backtester.statistics, metrics.accountPath())
    }

    /// Runs cell `index` and records its outcome; returns the error when it failed (the failure
    /// file then says it), nil when its result was written.
    func runAndRecord(_ index: Int) -> (any Error)? {
        let resultPath = directory.resultPath(index, count: manifest.cells)
        let failurePath = directory.failurePath(index, count: manifest.cells)
        do {
            let result = try run(index)
            try DurableFile.replace(resultPath, with: Array((try JSONOutput.encode(result) + "\n").utf8))
            if FileManager.default.fileExists(atPath: failurePath) { try FileManager.default.removeItem(atPath: failurePath) }
            return nil
        } catch {
            do {
                try DurableFile.replace(failurePath, with: Array("\(error)\n".utf8))
            } catch let recording {
                return CLIError.failure("\(error); and its failure could not be recorded: \(recording)")
            }
            return error
        }
    }
}
