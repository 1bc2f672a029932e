import Glibc
import SystemIO

/// The one writer's hold on a history database: an exclusive `flock` on `<database>.lock`, a file
/// beside it that holds who took the lock. The daemon's `HistoryWriter` holds it for as long as
/// it writes; a rebuild, and a command that would catch the database up, take it too, so that
/// nothing replaces the file under a running writer (which would go on writing to the file it
/// has open, deleted) or empties what only the history holds.
///
/// The lock is the open file description's: refused to a second taker even within one process,
/// and let go (`FileLock.release`) when this value goes away (or the process ends). The file
/// stays: removing it would let two takers lock two files of one name.
final class HistoryLock {
    private let descriptor: Int32

    /// Takes the lock of the database at `database` for `holder` (`tickwork run`, ...), whose
    /// name and process id the file then holds. Throws `.locked` naming the holder written
    /// there when another holds it, `.open` when the file cannot be made.
    init(database: String, holder: String) throws(HistoryError) {
        // The descriptor is stored last: a class whose stored properties are all set runs its
        // deinit when its init throws, which would close the number a second time (by then
        // perhaps another thread's file).
        let path = database + ".lock"
        let opened = open(path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o644)
        guard opened >= 0 else {
            throw .open(path: database, message: "cannot open its lock file \(path): \(String(cString: strerror(errno)))", code: 0)
        }
        guard flock(opened, LOCK_EX | LOCK_NB) == 0 else {
            let reason = errno
            let written = Self.holder(in: opened)
            close(opened)
            guard reason == EWOULDBLOCK else {
                throw .open(path: database, message: "cannot lock \(path): \(String(cString: strerror(reason)))", code: 0)
            }
            throw .locked(path: database, holder: written.isEmpty ? "another process" : written, lock: path)
        }
        // Who holds it, for the message of the next who cannot take it.
        let text = Array("\(holder) (pid \(getpid()))\n".utf8)
        if ftruncate(opened, 0) != 0 || pwrite(opened, text, text.count, 0) != text.count {
            let reason = errno
            close(opened)
            throw .open(path: database, message: "cannot write its lock file \(path): \(String(cString: strerror(reason)))", code: 0)
        }
        descriptor = opened
    }

    deinit {
        FileLock.release(descriptor)
    }

    /// The holder's line in the lock file open at `descriptor`, empty when there is none yet.
    private static func holder(in descriptor: Int32) -> String {
        var bytes = [UInt8](repeating: 0, count: 256)
        let count = pread(descriptor, &bytes, bytes.count, 0)
        guard count > 0 else { return "" }
        return String(decoding: bytes.prefix(count).prefix { $0 != UInt8(ascii: "\n") }, as: UTF8.self)
    }
}
