import CommandLineKit
import FoundationEssentials
import Glibc
import Live
import Recording
import Sweeps
import SystemIO

/// `tickwork sweep plan`: a backtest sweep written out as a directory that Slurm runs as a job
/// array (or `tickwork sweep run` runs here).
enum SweepPlan {
    static let command = Command(
        name: "plan",
        summary: "Write a sweep's cells, manifest and Slurm batch script to a directory.",
        discussion: """
            Takes the inputs of a 'tickwork backtest' sweep (--data, once or more: every cell \
            replays the files in order, a directory its YYYY-MM-DD day files within --from and \
            --to; --strategy or --config, --param lists, --latency, \
            --fee, --objective, --search and --seed) \
            and writes --out DIR: cells/NNNN.json (each cell's strategy and parameter values), \
            sweep.json (the grid, the cells a random search drew, the objective that collect and \
            status rank by, each recording's path, size and SHA-256, this Tickwork's \
            version and path, and the --config file's path, size and SHA-256) and sweep.sbatch, a Slurm batch \
            script whose array task N runs 'tickwork sweep cell DIR N' and writes \
            results/NNNN.json whole (write, then rename). Its --array is 0-(cells-1)%K with K \
            from --max-parallel; --time and --mem are each cell's requests; every task's \
            stdout and stderr go to DIR/logs. Every node must see the recordings, the \
            configuration, the directory and this tickwork at the same paths (a shared file system); copying \
            data to a node first (--stage) is not built. With --walk-forward train=Nd,test=Md \
            the --data days (a directory's YYYY-MM-DD files, or each file's day) make one \
            planned sweep per window in DIR/windows/WW (its training days) with a test.sbatch \
            that runs the window's best cell on its test days, and DIR/whole, the sweep of the \
            whole period; 'submit' sends each window's test job after its array (afterok).
            """,
        options: [data, BacktestCommand.from, BacktestCommand.to, BacktestCommand.config, BacktestCommand.strategy, BacktestCommand.params, out, BacktestCommand.latency, BacktestCommand.fee, maxParallel, time, memory, JSONOutput.flag,
            SweepOptions.objective, SweepOptions.search, SweepOptions.seed, BacktestWalkForward.option],
        validate: validate,
        run: run
    )

    static let data: Option<[String]> = .repeated(
        "--data", "FILE", help: "A recording every cell replays; several play in order (files every node can read; with --walk-forward, day files or their directory).", parse: .text)
    static let out: Option<String?> = .optional("--out", "DIR", help: "The sweep directory to write (new or empty).")
    static let maxParallel: Option<Int64> = .defaulted(
        "--max-parallel", "K", default: 32, help: "At most K cells run at once (default 32).", parse: .integer(in: 1...100_000))
    static let time: Option<String> = .defaulted(
        "--time", "LIMIT", default: "01:00:00", help: "Each cell's Slurm time limit (default 01:00:00).",
        parse: slurmValue("a Slurm time such as 30, 01:00:00 or 1-00:00:00", allowed: "0123456789:-"))
    static let memory: Option<String> = .defaulted(
        "--mem", "SIZE", default: "2G", help: "Each cell's Slurm memory request (default 2G).",
        parse: slurmValue("a Slurm memory size such as 500M or 2G", allowed: "0123456789KMGT"))

    /// A value for an `#SBATCH` line: one word of `allowed` characters starting with a digit.
    static func slurmValue(_ expected: String, allowed: String) -> ValueParser<String> {
        ValueParser { text throws(ValueError) in
            guard text.first?.isNumber == true, text.allSatisfy(allowed.contains) else { throw .expected(expected) }
            return text
        }
    }

    static func validate(_ invocation: Invocation) throws(CLIError) {
        guard !invocation[Self.data].isEmpty else { throw .usage("missing --data FILE") }
        guard (invocation[BacktestCommand.config] == nil) != (invocation[BacktestCommand.strategy] == nil) else {
            throw .usage("give either --config FILE or --strategy NAME")
        }
        guard let out = invocation[Self.out] else { throw .usage("missing --out DIR") }
        // The path as the script names it: a relative one is taken from the working directory.
        guard SweepBatchScript.isPlain(absolute(out)) else {
            throw .usage("--out: the sweep directory's path must not contain whitespace or control characters (#SBATCH lines cannot quote it)")
        }
    }

    static func run(_ invocation: Invocation) throws -> Int32 {
        let data = invocation[Self.data].map(absolute)
        let strategy = invocation[BacktestCommand.strategy]
        let configPath = invocation[BacktestCommand.config].map(absolute)
        guard let out = invocation[Self.out].map(absolute) else { preconditionFailure("validate requires --out") }
        let grid = invocation[BacktestCommand.params]
        let directory = SweepDirectory(path: out)
        if let existing = try? FileManager.default.contentsOfDirectory(atPath: directory.path), !existing.isEmpty {
            throw CLIError.failure("\(directory.path): not empty; a sweep is planned into a new or empty directory")
        }
        let walkForward = invocation[BacktestWalkForward.option]
        // A directory stands for its day files, as in a backtest.
        let days = try BacktestCommand.days(data, from: invocation[BacktestCommand.from], to: invocation[BacktestCommand.to])
        let paths = days.map(\.path)
        var planned: [String: SweepManifest.DataFile] = [:]
        for path in paths where planned[path] == nil {
            planned[path] = try plannedFile(path)
        }
        let configuration = try DefaultConfiguration.load(configPath.map(ConfigurationSource.option) ?? .embedded)
        let scan = try SweepBase.plugins(strategy: strategy, configuration: configuration)
        let base = strategy.map { SweepBase.strategy($0) } ?? .configuration(configuration)
        let header = try RecordingSequence(paths: paths).header
        let search = SweepOptions.requestedSearch(invocation)
        let positions = try SweepOptions.positions(search, in: grid)
        let cells = positions.map(grid.cells(at:)) ?? grid.cells
        for cell in cells {
            _ = try base.configuration(texts: ParameterGrid.texts(cell), header: header, scan: scan)
        }
        let strategyName = try base.strategyName()
        let executable = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
        let configurationFile = try configPath.map(plannedFile)
        let objective = invocation[SweepOptions.objective]
        let feeCents = try BacktestCommand.feeCents(invocation)
        let resources = SweepManifest.Resources(maxParallel: Int(invocation[maxParallel]), time: invocation[time], memory: invocation[memory])
        /// The manifest of a sweep of the cells over `paths`.
        func manifest(_ paths: [String]) -> SweepManifest {
            SweepManifest(
                version: Tickwork.version, strategy: strategyName, grid: grid.axes, data: paths.compactMap { planned[$0] },
                latencyMilliseconds: invocation[BacktestCommand.latency].wholeMilliseconds, feeCents: feeCents, resources: resources,
                executable: executable, configuration: configurationFile, objective: objective, search: search, positions: positions)
        }
        let json = invocation[JSONOutput.flag]
        if let walkForward {
            let windows = try SweepWalkForward.plan(
                walkForward, days: days, planned: planned, objective: objective, into: WalkForwardDirectory(path: out), manifest: manifest)
            let text = "\(out): a walk-forward of \(windows) window\(windows == 1 ? "" : "s") of \(cells.count) cells of \(strategyName) over \(days.count) days"
            return try printPlanned(Planned(directory: out, cells: cells.count, strategy: strategyName, data: data, windows: windows), text: text, json: json)
        }
        try write(manifest(paths), to: directory)
        let text = "\(directory.path): \(cells.count) cell\(cells.count == 1 ? "" : "s") of \(strategyName) over \(data.joined(separator: ", "))"
        return try printPlanned(Planned(directory: directory.path, cells: cells.count, strategy: strategyName, data: data), text: text, json: json)
    }

    /// Prints what was planned, `text` and how to run it, or with `json` the `Planned` object.
    private static func printPlanned(_ planned: Planned, text: String, json: Bool) throws -> Int32 {
        if json {
            Console.out(try JSONOutput.encode(planned))
        } else {
            Console.out("\(text)\n  on Slurm: tickwork sweep submit \(planned.directory)\n  here:     tickwork sweep run \(planned.directory)")
        }
        return 0
    }

    /// The file at `path` as the manifest records it (size and SHA-256); it must be a regular
    /// file, since every cell reads it again.
    static func plannedFile(_ path: String) throws -> SweepManifest.DataFile {
        var status = stat()
        guard stat(path, &status) == 0, status.st_mode & S_IFMT == S_IFREG else {
            throw CLIError.failure("\(path): not a regular file (every cell reads it again)")
        }
        return SweepManifest.DataFile(path: path, bytes: Int64(status.st_size), sha256: try FileChecksum.sha256(of: path))
    }

    /// Writes the directory of `manifest`'s sweep: the cells, the manifest, the script and the
    /// empty results and logs directories.
    static func write(_ manifest: SweepManifest, to directory: SweepDirectory) throws {
        for path in [directory.cellsPath, directory.resultsPath, directory.logsPath] {
            try DurableFile.makeDirectories(path)
        }
        for (index, cell) in manifest.plannedCells.enumerated() {
            let file = SweepCellFile(cell: index, strategy: manifest.strategy, parameters: ParameterGrid.texts(cell))
            try DurableFile.replace(directory.cellPath(index, count: manifest.cells), with: Array((try JSONOutput.encode(file) + "\n").utf8))
        }
        try DurableFile.replace(directory.manifestPath, with: Array((try JSONOutput.encode(manifest) + "\n").utf8))
        try DurableFile.replace(directory.scriptPath, with: Array(SweepBatchScript.text(manifest, directory: directory).utf8), mode: 0o755)
    }

    /// `path` made absolute against the working directory, so that every node reads the same file.
    static func absolute(_ path: String) -> String {
        let url = path.hasPrefix("/") ? URL(fileURLWithPath: path) : URL(fileURLWithPath: FileManager.default.currentDirectoryPath).appendingPathComponent(path)
        return url.standardizedFileURL.path
    }

    /// What `--json` prints.
    struct Planned: Encodable {
        var directory: String
        var cells: Int
        var strategy: String
        var data: [String]
        /// A walk-forward's windows, each a sweep of `cells` cells.
        var windows: Int?
    }
}
