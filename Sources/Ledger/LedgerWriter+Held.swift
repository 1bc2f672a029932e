import SystemIO

#if canImport(Glibc)
import Glibc
#endif

extension LedgerWriter {
    /// Whether another process holds the ledger at `path` open for writing (a running daemon):
    /// its exclusive lock is taken. False when there is no such file or its lock is free.
    public static func isHeld(_ path: String) -> Bool {
        let fd = Glibc.open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return false }
        defer { FileLock.release(fd) }
        while flock(fd, LOCK_SH | LOCK_NB) != 0 {
            if errno != EINTR { return errno == EWOULDBLOCK }
        }
        return false
    }
}
