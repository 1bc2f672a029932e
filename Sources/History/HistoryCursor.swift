/// The rows of one statement of a caller's (`history sql`), read one at a time as SQLite makes
/// them: a statement of any number of rows, or one that never ends (a recursive CTE without a
/// limit), holds one row in memory, not all of them.
public final class HistoryCursor {
    /// The statement's column names, in order.
    public let columns: [String]
    private let statement: SQLiteStatement
    /// Keeps the connection the statement runs on open while the cursor is read.
    private let database: HistoryDatabase

    init(_ statement: SQLiteStatement, on database: HistoryDatabase) {
        self.statement = statement
        self.database = database
        columns = (0..<statement.columnCount).map(statement.columnName)
    }

    /// The next row's values, nil after the last.
    public func next() throws(HistoryError) -> [SQLiteValue]? {
        guard try statement.step() else { return nil }
        return (0..<statement.columnCount).map(statement.value)
    }
}
