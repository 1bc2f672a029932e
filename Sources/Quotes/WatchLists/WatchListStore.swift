import FoundationEssentials
import StrategyKit

#if canImport(Glibc)
import Glibc
import SystemIO
#endif

/// The watch lists' file, `watchlists.json` in the state directory, shared by every `tickwork`
/// process: an edit takes an exclusive `flock(2)` on `watchlists.lock` beside it, reads the
/// file, changes it and writes it back with `DurableFile.replace` (a temporary file, fsync,
/// rename, directory fsync), so a crash in the middle of a save leaves the old lists or the new,
/// never a broken file, and two processes never lose each other's edits.
public struct WatchListStore: Sendable {
    /// Why the lists cannot be read or written; each names the file.
    public enum StoreError: Error, Sendable, CustomStringConvertible {
        /// The file exists but is not a watch-list file.
        case unreadable(path: String, reason: String)
        /// The file or the directory could not be written or locked.
        case unwritable(path: String, reason: String)

        public var description: String {
            switch self {
            case .unreadable(let path, let reason): return "\(path): not a watch-list file: \(reason)"
            case .unwritable(let path, let reason): return "\(path): cannot save the watch lists: \(reason)"
            }
        }
    }

    /// The file's shape: `{"version":1,"lists":{"default":["AAPL",...]}}`.
    private struct File: Codable {
        var version: Int
        var lists: [String: [String]]
    }

    public let directory: String
    /// The lists' file.
    public var path: String { directory + "/watchlists.json" }
    private var lockPath: String { directory + "/watchlists.lock" }
    private let fileSystem: any FileSystem

    /// The store in `directory` (made, mode 0700, on the first save), writing through
    /// `fileSystem` (tests inject failures there).
    public init(directory: String, fileSystem: any FileSystem = SystemFileSystem()) {
        self.directory = directory
        self.fileSystem = fileSystem
    }

    /// The lists as saved; none when nothing was ever saved.
    public func load() throws(StoreError) -> WatchLists {
        guard let data = FileManager.default.contents(atPath: path) else {
            if FileManager.default.fileExists(atPath: path) { throw .unreadable(path: path, reason: "cannot read it") }
            return WatchLists()
        }
        let file: File
        do {
            file = try JSONDecoder().decode(File.self, from: data)
        } catch {
            throw .unreadable(path: path, reason: "\(error)")
        }
        guard file.version == 1 else { throw .unreadable(path: path, reason: "version \(file.version), expected 1") }
        return WatchLists(lists: file.lists.mapValues { $0.map { Symbol($0) } })
    }

    /// Runs `edit` on the saved lists under the lock and saves what it leaves, durably; returns
    /// what `edit` returns. Nothing is saved when `edit` throws.
    public func update<Result>(_ edit: (inout WatchLists) throws -> Result) throws -> Result {
        do throws(SystemCallError) {
            try DurableFile.makeDirectories(directory, fileSystem: fileSystem)
        } catch {
            throw StoreError.unwritable(path: directory, reason: "\(error)")
        }
        let lock = open(lockPath, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard lock >= 0 else { throw StoreError.unwritable(path: lockPath, reason: String(cString: strerror(errno))) }
        defer { FileLock.release(lock) }
        while flock(lock, LOCK_EX) != 0 {
            guard errno == EINTR else { throw StoreError.unwritable(path: lockPath, reason: "flock: \(String(cString: strerror(errno)))") }
        }
        var lists = try load()
        let result = try edit(&lists)
        try save(lists)
        return result
    }

    /// Writes `lists` over the file (callers hold the lock).
    func save(_ lists: WatchLists) throws(StoreError) {
        let file = File(version: 1, lists: lists.lists.mapValues { $0.map(\.rawValue) })
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        do {
            let bytes = Array(try encoder.encode(file)) + [UInt8(ascii: "\n")]
            try DurableFile.replace(path, with: bytes, mode: 0o600, fileSystem: fileSystem)
        } catch {
            throw .unwritable(path: path, reason: "\(error)")
        }
    }
}
