import Backtest
import FoundationEssentials
import Glibc
import Ledger
import Live

/// Runs the cells of a planned sweep in this process, each as `tickwork backtest` would run that
/// cell of a local sweep (same configuration, plugins, venue and recording), and records each
/// outcome in the sweep directory: `results/NNNN.json` written whole (a temporary file renamed
/// over it), or `results/NNNN.failed` with the error. Backtests are deterministic, so a cell run
/// twice, here or on any node, writes the same bytes.
struct SweepCellRunner: Sendable {
    let directory: SweepDirectory
    let manifest: SweepManifest
    let data: SweepManifest.DataFile
    let header: RecordingHeader
    let setup: BacktestSetup

    /// Reads the manifest and the recording's header, and loads the strategy's plugin. Refuses
    /// a sweep planned by another Tickwork version or whose recording's size has changed;
    /// `verifyChecksum` also compares the recording's SHA-256 (once, before many cells run).
    init(directory: SweepDirectory, verifyChecksum: Bool) throws {
        self.directory = directory
        manifest = try directory.manifest()
        guard manifest.version == Tickwork.version else {
            throw CLIError.failure(
                "\(directory.manifestPath): planned by tickwork \(manifest.version), this is \(Tickwork.version): plan the sweep again")
        }
        guard manifest.data.count == 1, let data = manifest.data.first else {
            throw CLIError.failure("\(directory.manifestPath): data: expected one recording, found \(manifest.data.count)")
        }
        self.data = data
        var status = stat()
        guard stat(data.path, &status) == 0 else { throw CLIError.failure("\(data.path): cannot be read (is it on a file system this node shares?)") }
        let size = Int64(status.st_size)
        guard size == data.bytes else {
            throw CLIError.failure("\(data.path): \(size) bytes, \(data.bytes) when the sweep was planned: the recording has changed")
        }
        if verifyChecksum, try FileChecksum.sha256(of: data.path) != data.sha256 {
            throw CLIError.failure("\(data.path): its SHA-256 is not the one recorded when the sweep was planned: the recording has changed")
        }
        let configuration = try DefaultConfiguration.load(nil)
        let scan = try PluginLoader.load(names: [manifest.strategy], directory: configuration.effectivePluginDirectory)
        header = try RecordingFormat.open(path: data.path).header
        let first = Dictionary(uniqueKeysWithValues: manifest.grid.map { ($0.name, $0.values[0]) })
        let base = try BacktestSetup.oneStrategy(manifest.strategy, texts: first, header: header, scan: scan)
        setup = BacktestSetup(
            configuration: base, scan: scan, latencyMilliseconds: manifest.latencyMilliseconds, feeCents: manifest.feeCents)
    }

    /// Cell `index`'s figures.
    func run(_ index: Int) throws -> SweepResult {
        let cell = try directory.cell(index, count: manifest.cells)
        var cellSetup = setup
        cellSetup.configuration = try BacktestSetup.oneStrategy(manifest.strategy, texts: cell.parameters, header: header, scan: setup.scan)
        let backtester = try cellSetup.makeBacktester(ledgerPath: nil).0
        let metrics = try backtester.run(try RecordingFormat.open(path: data.path))
        return SweepResult(cell: index, parameters: cell.parameters, metrics: metrics.summary(), statistics: backtester.statistics)
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
