import Glibc
import StrategyKit
import SystemIO

/// Why a ledger operation failed. Refusals of a single fill (already recorded) are not errors:
/// `LedgerWriter.append` returns them as values.
public enum LedgerError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A system call on the ledger's file or directory failed with `errno`.
    case system(path: String, call: String, errno: Int32)
    /// A line breaks a rule of the format (other than a torn last line, which opening cuts off);
    /// `line` counts from 1 and `offset` is the byte where that line starts.
    case corrupt(path: String, line: Int, offset: Int64, fault: LineFault)
    /// The ledger holds fills of another venue or account than the one it was opened for.
    case wrongLedger(path: String, expected: String, found: String)
    /// Another process holds the ledger open for writing.
    case locked(path: String)
    /// The fill cannot be recorded here: it names another venue or account than the ledger's,
    /// or its numbers would overflow the running totals.
    case unrecordable(FillID, LineFault)
    /// The ledger's file system has `available` bytes free for this process, fewer than the
    /// `needed` that `LedgerWriter.requireRoom(_:)` asked for.
    case full(path: String, available: Int64, needed: Int64)
    /// The ledger accepts no more appends: it was closed, or a write or sync failed earlier
    /// (after a failed `fsync` the kernel may have dropped the data, so nothing later can be
    /// trusted to be durable); `reason` says which.
    case unusable(path: String, reason: String)

    /// A failed call of `SystemIO` (a file system's, a durable file's) on the ledger's file or
    /// directory.
    public init(_ error: SystemCallError) {
        self = .system(path: error.path, call: error.call, errno: error.errno)
    }

    /// One line naming the file, the place and the cause.
    public var description: String {
        switch self {
        case .system(let path, let call, let code):
            SystemCallError(path: path, call: call, errno: code).description
        case .corrupt(let path, let line, let offset, let fault):
            "\(path): line \(line) (byte \(offset)): \(fault); the ledger is refused (inspect it with `tickwork ledger verify`)"
        case .wrongLedger(let path, let expected, let found):
            "\(path): ledger of \(found), expected \(expected); check the configured venue, account and ledger path"
        case .locked(let path):
            "\(path): another process has the ledger open for writing (is another tickwork running?)"
        case .unrecordable(let id, let fault):
            "fill \(id.venue)/\(id.orderID)#\(id.index) cannot be recorded: \(fault)"
        case .full(let path, let available, let needed):
            "\(path): \(String(cString: strerror(ENOSPC))): \(available) bytes free on its file system, \(needed) needed to append"
        case .unusable(let path, let reason):
            "\(path): ledger unusable: \(reason)"
        }
    }
}
