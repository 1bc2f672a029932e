import Glibc
import SystemIO

/// The system calls the ledger makes, each turning a failure into `LedgerError.system`.
enum LedgerFile {
    /// Opens `path` for reading.
    static func openForReading(_ path: String) throws(LedgerError) -> Int32 {
        let fd = Glibc.open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw .system(path: path, call: "open", errno: errno) }
        return fd
    }

    /// Opens `path` for appending, creating it (mode 0600) and its directories (mode 0700) when
    /// missing, each new name made durable by syncing its directory, and takes an exclusive lock
    /// so that no second writer can open it.
    static func openForAppending(_ path: String, fileSystem: any FileSystem) throws(LedgerError) -> Int32 {
        var fd = Glibc.open(path, O_RDWR | O_APPEND | O_CLOEXEC)
        if fd < 0, errno == ENOENT {
            let directory = DurableFile.directoryName(of: path)
            do throws(SystemCallError) {
                try DurableFile.makeDirectories(directory, fileSystem: fileSystem)
            } catch {
                throw LedgerError(error)
            }
            fd = Glibc.open(path, O_RDWR | O_APPEND | O_CREAT | O_EXCL | O_CLOEXEC, 0o640)
            if fd >= 0 {
                // The new name must survive a crash as well as the lines written under it.
                do throws(SystemCallError) {
                    try DurableFile.syncDirectory(directory, fileSystem: fileSystem)
                } catch {
                    Glibc.close(fd)
                    throw LedgerError(error)
                }
            }
        }
        guard fd >= 0 else { throw .system(path: path, call: "open", errno: errno) }
        while flock(fd, LOCK_EX | LOCK_NB) != 0 {
            let code = errno
            if code == EINTR { continue }
            Glibc.close(fd)
            throw code == EWOULDBLOCK ? .locked(path: path) : .system(path: path, call: "flock", errno: code)
        }
        return fd
    }

    /// Writes all of `bytes` at the end of the file, retrying short writes.
    static func writeAll(_ fd: Int32, _ bytes: [UInt8], path: String) throws(LedgerError) {
        do throws(SystemCallError) {
            try SystemFileSystem().write(fd, bytes, path: path)
        } catch {
            throw LedgerError(error)
        }
    }

    /// Makes the file's data durable.
    static func sync(_ fd: Int32, path: String) throws(LedgerError) {
        while fdatasync(fd) != 0 {
            if errno != EINTR { throw .system(path: path, call: "fdatasync", errno: errno) }
        }
    }

    /// Cuts the file to `length` bytes and makes that durable.
    static func truncate(_ fd: Int32, to length: Int64, path: String) throws(LedgerError) {
        guard ftruncate(fd, off_t(length)) == 0 else { throw .system(path: path, call: "ftruncate", errno: errno) }
        try sync(fd, path: path)
    }

    /// The size of the file open as `fd`.
    static func size(_ fd: Int32, path: String) throws(LedgerError) -> Int64 {
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw .system(path: path, call: "fstat", errno: errno) }
        return Int64(info.st_size)
    }

    /// The bytes free for this process on the file system of the file open as `fd`.
    static func available(_ fd: Int32, path: String) throws(LedgerError) -> Int64 {
        var info = statvfs()
        guard fstatvfs(fd, &info) == 0 else { throw .system(path: path, call: "fstatvfs", errno: errno) }
        return Int64(info.f_bavail) * Int64(info.f_frsize)
    }
}
