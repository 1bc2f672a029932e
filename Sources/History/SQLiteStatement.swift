import CSQLite

/// One prepared statement of a `SQLiteConnection`: bind values by position (from 1), step
/// through rows, read columns by position (from 0).
final class SQLiteStatement {
    private let pointer: OpaquePointer
    private unowned let connection: SQLiteConnection
    private let operation: SQLiteOperation

    init(_ pointer: OpaquePointer, connection: SQLiteConnection, operation: SQLiteOperation) {
        self.pointer = pointer
        self.connection = connection
        self.operation = operation
    }

    deinit { sqlite3_finalize(pointer) }

    /// Clears the last run and every binding.
    func reset() {
        sqlite3_reset(pointer)
        sqlite3_clear_bindings(pointer)
    }

    /// Makes the statement ready to run again, keeping its bindings (for a caller that binds
    /// every parameter each time).
    func rewind() {
        sqlite3_reset(pointer)
    }

    func bind(_ value: Int64, at index: Int32) {
        sqlite3_bind_int64(pointer, index, value)
    }

    /// Binds `value` (copied by SQLite) from its own UTF-8, without the C string a `String`
    /// argument would be copied into.
    func bind(_ value: String, at index: Int32) {
        var value = value
        value.withUTF8 { buffer in
            // An empty buffer may have no address, which SQLite would bind as NULL.
            _ = buffer.isEmpty ? sqlite3_bind_text(pointer, index, "", 0, csqlite_transient())
                : sqlite3_bind_text(
                    pointer, index, UnsafeRawPointer(buffer.baseAddress!).assumingMemoryBound(to: CChar.self), Int32(buffer.count),
                    csqlite_transient())
        }
    }

    /// Binds the UTF-8 text at `bytes` where it is (`SQLITE_STATIC`, no copy): the caller keeps
    /// the memory unchanged until the statement has run, and binds the parameter anew (or
    /// resets the statement) before the memory goes.
    func bind(inPlace bytes: UnsafeRawBufferPointer, at index: Int32) {
        // A NULL address would bind NULL; an empty text still has one here (its buffer's).
        sqlite3_bind_text(pointer, index, bytes.baseAddress?.assumingMemoryBound(to: CChar.self), Int32(bytes.count), nil)
    }

    /// Binds `values` to the parameters 1, 2, ... in order.
    func bind(_ values: [SQLiteValue]) {
        for (offset, value) in values.enumerated() {
            bind(value, at: Int32(offset + 1))
        }
    }

    func bind(_ value: SQLiteValue, at index: Int32) {
        switch value {
        case .null: sqlite3_bind_null(pointer, index)
        case .integer(let integer): bind(integer, at: index)
        case .text(let text): bind(text, at: index)
        }
    }

    /// Binds `value`, or NULL when there is none.
    func bind(_ value: String?, at index: Int32) {
        if let value { bind(value, at: index) } else { sqlite3_bind_null(pointer, index) }
    }

    /// Binds `value`, or NULL when there is none.
    func bind(_ value: Int64?, at index: Int32) {
        if let value { bind(value, at: index) } else { sqlite3_bind_null(pointer, index) }
    }

    /// Moves to the next row: true on a row, false when done.
    func step() throws(HistoryError) -> Bool {
        let code = sqlite3_step(pointer)
        switch code {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        default:
            let error = connection.failure(code: code, during: operation)
            sqlite3_reset(pointer)
            throw error
        }
    }

    /// What `read` takes from the first row, nil when there is none; the statement is reset
    /// after, so that no unfinished read holds the tables (a DROP INDEX would be refused).
    func firstRow<T>(_ read: (SQLiteStatement) -> T) throws(HistoryError) -> T? {
        defer { reset() }
        return try step() ? read(self) : nil
    }

    /// Runs a statement that returns no rows.
    func run() throws(HistoryError) {
        while try step() {}
    }

    func int64(_ column: Int32) -> Int64 { sqlite3_column_int64(pointer, column) }

    func optionalInt64(_ column: Int32) -> Int64? {
        sqlite3_column_type(pointer, column) == SQLITE_NULL ? nil : sqlite3_column_int64(pointer, column)
    }

    func text(_ column: Int32) -> String {
        String(decoding: utf8(column), as: UTF8.self)
    }

    func optionalText(_ column: Int32) -> String? {
        sqlite3_column_type(pointer, column) == SQLITE_NULL ? nil : text(column)
    }

    /// Column `column`, a comma-separated list (`GOOGL,GOOG`), as its elements; none when empty.
    func commaSeparated(_ column: Int32) -> [String] {
        let text = text(column)
        return text.isEmpty ? [] : text.split(separator: ",").map(String.init)
    }

    /// Column `column` as text, one of the values `interner` keeps when it repeats.
    func text(_ column: Int32, in interner: inout TextInterner) -> String {
        interner.string(utf8(column))
    }

    /// The UTF-8 of column `column`, valid until the next step, reset or read of the column
    /// as another type.
    private func utf8(_ column: Int32) -> UnsafeBufferPointer<UInt8> {
        // The text first, then its length: SQLite's order for a value it converts.
        guard let bytes = sqlite3_column_text(pointer, column) else { return UnsafeBufferPointer(start: nil, count: 0) }
        return UnsafeBufferPointer(start: bytes, count: Int(sqlite3_column_bytes(pointer, column)))
    }

    var columnCount: Int32 { sqlite3_column_count(pointer) }

    func columnName(_ column: Int32) -> String { String(cString: sqlite3_column_name(pointer, column)) }

    /// Column `column` of the current row as whatever SQLite holds (a real as its text).
    func value(_ column: Int32) -> SQLiteValue {
        switch sqlite3_column_type(pointer, column) {
        case SQLITE_NULL: .null
        case SQLITE_INTEGER: .integer(int64(column))
        default: .text(text(column))
        }
    }

    /// Whether the statement leaves the database as it is (SQLite's own judgement).
    var isReadOnly: Bool { sqlite3_stmt_readonly(pointer) != 0 }
}
