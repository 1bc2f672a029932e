import Glibc

/// The system calls that decide durability (create, write, sync, rename), each turning a failure
/// into a `SystemCallError` naming the path. `SystemFileSystem` makes them; tests wrap it to
/// see which calls are made, on which paths, in which order.
public protocol FileSystem: Sendable {
    /// open(2); returns the descriptor.
    func open(_ path: String, flags: Int32, mode: mode_t) throws(SystemCallError) -> Int32
    /// Writes all of `bytes`, retrying short writes.
    func write(_ fd: Int32, _ bytes: [UInt8], path: String) throws(SystemCallError)
    /// fsync(2): the file's data and metadata (for a directory: its entries) reach the disk.
    func fsync(_ fd: Int32, path: String) throws(SystemCallError)
    /// rename(2), atomic within one file system.
    func rename(_ from: String, to: String) throws(SystemCallError)
    /// mkdir(2); returns false when `path` already exists.
    func makeDirectory(_ path: String, mode: mode_t) throws(SystemCallError) -> Bool
    /// close(2); a failure is not reported (the data was synced before, or is abandoned).
    func close(_ fd: Int32)
    /// unlink(2) of a file left behind by a failure; a failure is not reported.
    func remove(_ path: String)
}

/// The real system calls.
public struct SystemFileSystem: FileSystem {
    public init() {}

    public func open(_ path: String, flags: Int32, mode: mode_t) throws(SystemCallError) -> Int32 {
        let fd = Glibc.open(path, flags | O_CLOEXEC, mode)
        guard fd >= 0 else { throw SystemCallError(path: path, call: "open", errno: errno) }
        return fd
    }

    public func write(_ fd: Int32, _ bytes: [UInt8], path: String) throws(SystemCallError) {
        var done = 0
        while done < bytes.count {
            let count = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress! + done, $0.count - done) }
            if count < 0 {
                if errno == EINTR { continue }
                throw SystemCallError(path: path, call: "write", errno: errno)
            }
            done += count
        }
    }

    public func fsync(_ fd: Int32, path: String) throws(SystemCallError) {
        while Glibc.fsync(fd) != 0 {
            if errno != EINTR { throw SystemCallError(path: path, call: "fsync", errno: errno) }
        }
    }

    public func rename(_ from: String, to: String) throws(SystemCallError) {
        guard Glibc.rename(from, to) == 0 else { throw SystemCallError(path: to, call: "rename", errno: errno) }
    }

    public func makeDirectory(_ path: String, mode: mode_t) throws(SystemCallError) -> Bool {
        if mkdir(path, mode) == 0 { return true }
        if errno == EEXIST { return false }
        throw SystemCallError(path: path, call: "mkdir", errno: errno)
    }

    public func close(_ fd: Int32) {
        _ = Glibc.close(fd)
    }

    public func remove(_ path: String) {
        _ = unlink(path)
    }
}
