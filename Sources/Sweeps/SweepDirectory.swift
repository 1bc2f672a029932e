import FoundationEssentials
import Recording
import Wire

/// The layout of a planned sweep's directory, which every node sees at the same path:
///
///     sweep.json          the manifest (`SweepManifest`)
///     sweep.sbatch        the Slurm batch script, one array task per cell
///     cells/NNNN.json     each cell's configuration (`SweepCellFile`)
///     results/NNNN.json   each finished cell's figures (`SweepResult`), written whole by rename
///     results/NNNN.failed a cell's error, when its run failed
///     logs/               each array task's stdout and stderr (`%A_%a.out`, `%A_%a.err`)
///     jobs                the Slurm job ids submitted for it, one a line
///
/// Cell numbers have four digits, more when the grid has over 10,000 cells.
public struct SweepDirectory: Sendable {
    /// The directory's path, without a trailing slash.
    public let path: String

    public init(path: String) {
        var path = path
        while path.count > 1, path.hasSuffix("/") { path.removeLast() }
        self.path = path
    }

    public var manifestPath: String { path + "/sweep.json" }
    public var scriptPath: String { path + "/sweep.sbatch" }
    public var cellsPath: String { path + "/cells" }
    public var resultsPath: String { path + "/results" }
    public var logsPath: String { path + "/logs" }
    public var jobsPath: String { path + "/jobs" }

    /// Cell `index`'s name among `count` cells: `0007`.
    public static func name(of index: Int, count: Int) -> String {
        let width = max(4, String(max(0, count - 1)).count)
        let digits = String(index)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }

    public func cellPath(_ index: Int, count: Int) -> String { "\(cellsPath)/\(Self.name(of: index, count: count)).json" }
    public func resultPath(_ index: Int, count: Int) -> String { "\(resultsPath)/\(Self.name(of: index, count: count)).json" }
    public func failurePath(_ index: Int, count: Int) -> String { "\(resultsPath)/\(Self.name(of: index, count: count)).failed" }

    /// The manifest; a missing or malformed one says this is no planned sweep.
    public func manifest() throws(BacktestError) -> SweepManifest {
        try Self.decode(SweepManifest.self, at: manifestPath, what: "not a planned sweep (tickwork sweep plan writes it)")
    }

    /// Cell `index`'s configuration.
    public func cell(_ index: Int, count: Int) throws(BacktestError) -> SweepCellFile {
        let file = try Self.decode(SweepCellFile.self, at: cellPath(index, count: count), what: "not a sweep cell")
        guard file.cell == index else { throw .badSweep(path: cellPath(index, count: count), reason: "holds cell \(file.cell)") }
        return file
    }

    /// The job ids recorded by `tickwork sweep submit`, oldest first.
    public func jobs() -> [Int] {
        guard let text = try? String(contentsOfFile: jobsPath, encoding: .utf8) else { return [] }
        return text.split(separator: "\n").compactMap { Int($0.trimmingWhitespace) }
    }

    /// A JSON file of the directory as `type`; missing or malformed, `.badSweep` saying `what`.
    static func decode<Value: Decodable>(_ type: Value.Type, at path: String, what: String) throws(BacktestError) -> Value {
        guard let data = FileManager.default.contents(atPath: path) else { throw .badSweep(path: path, reason: "cannot be read: \(what)") }
        do {
            return try JSONDecoder().decode(type, from: data)
        } catch {
            throw .badSweep(path: path, reason: "\(what): \(error)")
        }
    }
}
