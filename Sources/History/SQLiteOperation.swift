import CSQLite

/// What the database was doing when SQLite failed, so the error names it: the one place a
/// result code becomes a `HistoryError`.
enum SQLiteOperation {
    case open
    case migrate(version: Int)
    case insert(table: String)
    case query(String)

    /// The error for `code` during this operation on the database at `path`: busy and corrupt
    /// codes are their own cases whatever was being done.
    func error(code: Int32, message: String, path: String) -> HistoryError {
        switch code & 0xFF {
        case SQLITE_BUSY, SQLITE_LOCKED:
            return .busy(operation: name, message: message, code: code)
        case SQLITE_CORRUPT, SQLITE_NOTADB:
            return .corrupt(path: path, operation: name, message: message, code: code)
        default:
            switch self {
            case .open: return .open(path: path, message: message, code: code)
            case .migrate(let version): return .migrate(path: path, version: version, message: message, code: code)
            case .insert(let table): return .insert(table: table, message: message, code: code)
            case .query(let name): return .query(operation: name, message: message, code: code)
            }
        }
    }

    var name: String {
        switch self {
        case .open: "open"
        case .migrate(let version): "migrate to \(version)"
        case .insert(let table): "insert into \(table)"
        case .query(let name): name
        }
    }
}
