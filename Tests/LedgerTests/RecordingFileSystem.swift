import Glibc
import Ledger
import Synchronization
import SystemIO

/// The real file system, with every durability call recorded in order as "call path", and
/// `fsync` of one path failing on demand.
final class RecordingFileSystem: FileSystem {
    private let system = SystemFileSystem()
    private let log = Mutex<[String]>([])
    private let paths = Mutex<[Int32: String]>([:])
    /// A path whose fsync fails with EIO.
    let failingSync: String?

    init(failingSync: String? = nil) {
        self.failingSync = failingSync
    }

    /// The calls so far.
    var calls: [String] { log.withLock { $0 } }

    private func record(_ call: String, _ path: String) { log.withLock { $0.append("\(call) \(path)") } }

    func open(_ path: String, flags: Int32, mode: mode_t) throws(SystemCallError) -> Int32 {
        let fd = try system.open(path, flags: flags, mode: mode)
        record("open", path)
        paths.withLock { $0[fd] = path }
        return fd
    }

    func write(_ fd: Int32, _ bytes: [UInt8], path: String) throws(SystemCallError) {
        record("write", path)
        try system.write(fd, bytes, path: path)
    }

    func fsync(_ fd: Int32, path: String) throws(SystemCallError) {
        record("fsync", path)
        if path == failingSync { throw SystemCallError(path: path, call: "fsync", errno: EIO) }
        try system.fsync(fd, path: path)
    }

    func rename(_ from: String, to: String) throws(SystemCallError) {
        record("rename", "\(from) -> \(to)")
        try system.rename(from, to: to)
    }

    func makeDirectory(_ path: String, mode: mode_t) throws(SystemCallError) -> Bool {
        let made = try system.makeDirectory(path, mode: mode)
        if made { record("mkdir", path) }
        return made
    }

    func close(_ fd: Int32) {
        record("close", paths.withLock { $0.removeValue(forKey: fd) } ?? "?")
        system.close(fd)
    }

    func remove(_ path: String) {
        record("remove", path)
        system.remove(path)
    }
}
