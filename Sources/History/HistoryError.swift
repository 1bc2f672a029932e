/// Why the history database could not do what was asked. Every case names the operation, and
/// the ones SQLite reported carry its message and result code.
public enum HistoryError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The database file could not be opened or set up (journal mode, busy time-out).
    case open(path: String, message: String, code: Int32)
    /// Moving the schema forward to `version` failed; the database stays at the version before.
    case migrate(path: String, version: Int, message: String, code: Int32)
    /// Writing a row into `table` failed.
    case insert(table: String, message: String, code: Int32)
    /// Reading (`operation` names what was asked) failed.
    case query(operation: String, message: String, code: Int32)
    /// Another connection held the database locked past the busy time-out during `operation`.
    case busy(operation: String, message: String, code: Int32)
    /// SQLite found the file damaged or not a database during `operation`.
    case corrupt(path: String, operation: String, message: String, code: Int32)
    /// The database was written by a newer Tickwork (schema `found`, this build knows `supported`).
    case schemaTooNew(path: String, found: Int, supported: Int)
    /// The database holds amounts in another price unit than this build's (decimal places
    /// `found`, this build's `expected`): it has to be rebuilt from the ledger.
    case unitMismatch(path: String, found: Int, expected: Int)
    /// The database does not match the ledger it is caught up from (another ledger, or one cut
    /// short): it has to be rebuilt from the ledger.
    case ledgerMismatch(path: String, ledger: String, detail: String)
    /// The ledger the history is caught up from could not be read.
    case ledger(path: String, message: String)
    /// Another process writes the database (`holder`, as the lock file `lock` names it: the
    /// daemon, or a rebuild or catch-up under way): it is neither rebuilt nor caught up under it.
    case locked(path: String, holder: String, lock: String)

    public var description: String {
        switch self {
        case .open(let path, let message, let code):
            "cannot open history database \(path): \(message) (SQLite code \(code))"
        case .migrate(let path, let version, let message, let code):
            "cannot migrate history database \(path) to schema version \(version): \(message) (SQLite code \(code))"
        case .insert(let table, let message, let code):
            "cannot insert into history table \(table): \(message) (SQLite code \(code))"
        case .query(let operation, let message, let code):
            "history query \(operation) failed: \(message) (SQLite code \(code))"
        case .busy(let operation, let message, let code):
            "history database busy during \(operation): \(message) (SQLite code \(code))"
        case .corrupt(let path, let operation, let message, let code):
            "history database \(path) is corrupt (found during \(operation)): \(message) (SQLite code \(code)); "
                + "run `tickwork history rebuild`"
        case .schemaTooNew(let path, let found, let supported):
            "history database \(path) has schema version \(found), newer than this tickwork's \(supported); "
                + "use a newer tickwork or run `tickwork history rebuild`"
        case .unitMismatch(let path, let found, let expected):
            "history database \(path) holds prices with \(found) decimal places, this tickwork uses \(expected); "
                + "run `tickwork history rebuild`"
        case .ledgerMismatch(let path, let ledger, let detail):
            "history database \(path) does not match the ledger \(ledger): \(detail); run `tickwork history rebuild`"
        case .ledger(let path, let message):
            "cannot read the ledger \(path) for the history: \(message)"
        case .locked(let path, let holder, let lock):
            "history database \(path) is in use by \(holder), which holds \(lock); try again once it has stopped"
        }
    }
}
