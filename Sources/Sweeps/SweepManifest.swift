import Recording

/// `sweep.json`, the manifest of a planned sweep (`tickwork sweep plan`): what every cell runs
/// over and with, so that a cell run anywhere (a cluster node, the planning machine) runs the
/// same backtest. Cells read it; nothing changes it after planning.
public struct SweepManifest: Codable, Hashable, Sendable {
    /// A recording the cells read, as it was when the sweep was planned.
    public struct DataFile: Codable, Hashable, Sendable {
        /// The absolute path every node reads it at (a shared file system).
        public var path: String
        public var bytes: Int64
        /// SHA-256 of the content, lowercase hexadecimal (what `sha256sum` prints).
        public var sha256: String

        public init(path: String, bytes: Int64, sha256: String) {
            self.path = path
            self.bytes = bytes
            self.sha256 = sha256
        }
    }

    /// The Slurm batch job's requests, as `sweep.sbatch` states them.
    public struct Resources: Codable, Hashable, Sendable {
        /// At most this many cells run at once (`--array=0-N%K`).
        public var maxParallel: Int
        /// Each cell's time limit, in Slurm's form (`01:00:00`).
        public var time: String
        /// Each cell's memory, in Slurm's form (`1G`).
        public var memory: String

        public init(maxParallel: Int, time: String, memory: String) {
            self.maxParallel = maxParallel
            self.time = time
            self.memory = memory
        }
    }

    /// The Tickwork version that planned it; a cell refuses to run under another (its results
    /// would not be comparable).
    public var version: String
    /// The plugin strategy every cell backtests.
    public var strategy: String
    /// The parameter grid; cell `i` is `ParameterGrid(axes: grid).cells[i]`, or with
    /// `positions` the grid's cell at `positions[i]`.
    public var grid: [ParameterGrid.Axis]
    /// How many cells the sweep runs.
    public var cells: Int
    /// The grid positions a `--search random:N` drew, ascending; nil when every cell runs
    /// (and in manifests planned before random search).
    public var positions: [Int]?
    /// `--search` and `--seed` as given, for the reader; `positions` is what the cells run.
    public var search: String?
    public var seed: UInt64?
    /// What collect and status rank the cells by; nil (manifests planned before objectives)
    /// is P&L.
    public var objective: SweepObjective?
    public var data: [DataFile]
    public var latencyMilliseconds: Int64
    public var feeCents: Int64
    public var resources: Resources
    /// The `tickwork` the batch script runs (absolute, on the shared file system).
    public var executable: String
    /// The `--config` file whose one strategy the cells vary, as it was when planned; nil for
    /// a sweep of `--strategy` over the embedded configuration.
    public var configuration: DataFile?

    /// A manifest of `grid`'s cells, or with `positions` (what `search.positions(in:)` drew) of those alone.
    public init(
        version: String, strategy: String, grid: [ParameterGrid.Axis], data: [DataFile], latencyMilliseconds: Int64,
        feeCents: Int64, resources: Resources, executable: String, configuration: DataFile? = nil,
        objective: SweepObjective = .pnl, search: SweepSearch = .grid, positions: [Int]? = nil
    ) {
        self.version = version
        self.strategy = strategy
        self.grid = grid
        self.cells = positions?.count ?? ParameterGrid(axes: grid).count
        self.positions = positions
        if case .random(_, let seed) = search {
            self.search = search.text
            self.seed = seed
        }
        self.objective = objective
        self.data = data
        self.latencyMilliseconds = latencyMilliseconds
        self.feeCents = feeCents
        self.resources = resources
        self.executable = executable
        self.configuration = configuration
    }

    /// The cells the sweep runs, cell `i` at `i`.
    public var plannedCells: [[ParameterGrid.Assignment]] {
        let grid = ParameterGrid(axes: grid)
        return positions.map(grid.cells(at:)) ?? grid.cells
    }

    /// What the cells are ranked by.
    public var rankedBy: SweepObjective { objective ?? .pnl }
}
