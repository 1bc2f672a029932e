import CSQLite

/// One SQLite connection and the statements prepared on it: the only owner of the `sqlite3`
/// handle. Not thread-safe: one thread (or one serial queue) uses it at a time.
///
/// Statements are prepared once per SQL text and cached; values are always bound, never
/// spliced into the text.
final class SQLiteConnection {
    let path: String
    private let handle: OpaquePointer
    private var statements: [String: SQLiteStatement] = [:]

    /// Opens (creating it unless `readOnly`) the database at `path`, with WAL, synchronous
    /// NORMAL and a busy time-out of `busyTimeoutMilliseconds`.
    init(path: String, readOnly: Bool, busyTimeoutMilliseconds: Int32 = 5_000) throws(HistoryError) {
        Self.configureSQLite
        self.path = path
        var handle: OpaquePointer?
        let flags = readOnly ? SQLITE_OPEN_READONLY : SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE
        let code = sqlite3_open_v2(path, &handle, flags | SQLITE_OPEN_NOMUTEX, nil)
        guard code == SQLITE_OK, let handle else {
            let message = handle.map { String(cString: sqlite3_errmsg($0)) } ?? String(cString: sqlite3_errstr(code))
            sqlite3_close_v2(handle)
            throw SQLiteOperation.open.error(code: code, message: message, path: path)
        }
        self.handle = handle
        sqlite3_extended_result_codes(handle, 1)
        sqlite3_busy_timeout(handle, busyTimeoutMilliseconds)
        do {
            if !readOnly {
                // The ledger is the durable copy: WAL lets readers run beside the writer, and
                // NORMAL syncs at checkpoints only, which a crash can cost at most the last
                // transactions of, caught up again from the ledger.
                try execute("PRAGMA journal_mode=WAL", during: .open)
                try execute("PRAGMA synchronous=NORMAL", during: .open)
            }
            if readOnly {
                // A reader maps the file rather than copying each page it visits out of the
                // kernel's cache with a read(2) of its own.
                try execute("PRAGMA mmap_size=\(Self.readerMapBytes)", during: .open)
            }
            // Reading the schema makes a file that is not a database fail here, at open.
            try execute("SELECT count(*) FROM sqlite_master", during: .open)
        } catch {
            statements.removeAll()
            sqlite3_close_v2(handle)
            throw error
        }
    }

    /// How much of a database file a read-only connection maps (SQLite caps it at its own
    /// build's limit, 2 GiB by default).
    static let readerMapBytes = 1 << 31

    /// Set once, before the process's first connection: SQLite's memory statistics off (they
    /// take a global mutex on each of its allocations, and nothing reads them).
    private static let configureSQLite: Void = { _ = csqlite_disable_memory_statistics() }()

    deinit {
        statements.removeAll()
        sqlite3_close_v2(handle)
    }

    /// Runs `sql` (one or more statements, no parameters), discarding any rows.
    func execute(_ sql: String, during operation: SQLiteOperation) throws(HistoryError) {
        var message: UnsafeMutablePointer<CChar>?
        let code = sqlite3_exec(handle, sql, nil, nil, &message)
        guard code == SQLITE_OK else {
            let text = message.map { String(cString: $0) } ?? String(cString: sqlite3_errstr(code))
            sqlite3_free(message)
            throw failure(code: code, message: text, during: operation)
        }
    }

    /// The prepared statement for `sql`, prepared on first use and reset for the next.
    func statement(_ sql: String, during operation: SQLiteOperation) throws(HistoryError) -> SQLiteStatement {
        if let cached = statements[sql] {
            cached.reset()
            return cached
        }
        let statement = try prepare(sql, during: operation)
        statements[sql] = statement
        return statement
    }

    /// A statement for `sql` that is not cached (for text that is not ours, as `history sql`).
    /// `sql` is one statement: a second after it is refused, never silently left unrun (white
    /// space, comments and semicolons may follow).
    func prepare(_ sql: String, during operation: SQLiteOperation) throws(HistoryError) -> SQLiteStatement {
        let (code, pointer, rest) = sql.withCString { text -> (Int32, OpaquePointer?, String) in
            var pointer: OpaquePointer?
            var tail: UnsafePointer<CChar>?
            let code = sqlite3_prepare_v3(handle, text, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &pointer, &tail)
            return (code, pointer, tail.map { String(cString: $0) } ?? "")
        }
        guard code == SQLITE_OK, let pointer else {
            sqlite3_finalize(pointer)
            throw failure(code: code, message: lastMessage, during: operation)
        }
        let statement = SQLiteStatement(pointer, connection: self, operation: operation)
        guard !holdsStatement(rest) else {
            throw failure(
                code: SQLITE_ERROR, message: "only one statement is run, and a second follows the first (from byte \(sql.utf8.count - rest.utf8.count))",
                during: operation)
        }
        return statement
    }

    /// Whether `text` holds an SQL statement (or text that is none), not only white space,
    /// comments and semicolons.
    private func holdsStatement(_ text: String) -> Bool {
        text.withCString { start in
            var rest = start
            while rest.pointee != 0 {
                var pointer: OpaquePointer?
                var after: UnsafePointer<CChar>?
                let code = sqlite3_prepare_v3(handle, rest, -1, 0, &pointer, &after)
                sqlite3_finalize(pointer)
                guard code == SQLITE_OK, pointer == nil, let after, after != rest else { return true }
                rest = after
            }
            return false
        }
    }

    /// Rows changed by the last INSERT, UPDATE or DELETE.
    var changes: Int { Int(sqlite3_changes(handle)) }

    var lastMessage: String { String(cString: sqlite3_errmsg(handle)) }

    func failure(code: Int32, message: String? = nil, during operation: SQLiteOperation) -> HistoryError {
        operation.error(code: code, message: message ?? lastMessage, path: path)
    }

    /// Runs `body` in one transaction: committed when it returns, rolled back when it throws.
    func transaction<T>(during operation: SQLiteOperation, _ body: () throws(HistoryError) -> T) throws(HistoryError) -> T {
        try execute("BEGIN IMMEDIATE", during: operation)
        do {
            let value = try body()
            try execute("COMMIT", during: operation)
            return value
        } catch {
            // The first failure is the one to report; a rollback that fails as well (the
            // transaction already rolled back by SQLite) adds nothing to it.
            if sqlite3_get_autocommit(handle) == 0 { sqlite3_exec(handle, "ROLLBACK", nil, nil, nil) }
            throw error
        }
    }
}
