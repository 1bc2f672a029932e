/// A SELECT's WHERE clause built from a `HistoryFilter`: the text names columns only, every value
/// is a bound parameter. Each filter element becomes a condition on an indexed column.
struct HistoryQuery {
    let timeColumn: String
    private(set) var conditions: [String] = []
    private(set) var parameters: [SQLiteValue] = []

    init(timeColumn: String) {
        self.timeColumn = timeColumn
    }

    /// Adds the elements of `filter` the table has: `orderID` and `code` name the column they
    /// filter, or nil where the table has none (the element is then ignored).
    mutating func add(_ filter: HistoryFilter, symbol: Bool, strategy: Bool, side: Bool, orderID: String?, code: String?) {
        if symbol, let value = filter.symbol { add("symbol = ?", .text(value.rawValue)) }
        if strategy, let value = filter.strategy { add("strategy = ?", .text(value.rawValue)) }
        if side, let value = filter.side { add("side = ?", .text(value.rawValue)) }
        if let since = filter.since { add("\(timeColumn) >= ?", .integer(since.nanoseconds)) }
        if let until = filter.until { add("\(timeColumn) < ?", .integer(until.nanoseconds)) }
        if let column = orderID, let value = filter.orderID { add("\(column) = ?", .integer(value.rawValue)) }
        if let column = code, let value = filter.code { add("\(column) = ?", .text(value)) }
    }

    mutating func add(_ condition: String, _ value: SQLiteValue) {
        add(condition, [value])
    }

    /// Adds `condition`, whose parameters are `values` in order.
    mutating func add(_ condition: String, _ values: [SQLiteValue]) {
        conditions.append(condition)
        parameters += values
    }

    var whereClause: String { conditions.isEmpty ? "" : " WHERE " + conditions.joined(separator: " AND ") }

    /// `select` with the conditions, ordered by the columns `orderBy`; with a limit, the last
    /// `limit` rows (read newest first, so `inOrder` turns them back).
    func prepare(
        _ select: String, orderBy: [String], limit: Int?, on connection: SQLiteConnection, operation: String
    ) throws(HistoryError) -> SQLiteStatement {
        var sql = select + whereClause
        if limit != nil {
            sql += " ORDER BY " + orderBy.map { $0 + " DESC" }.joined(separator: ", ") + " LIMIT ?"
        } else {
            sql += " ORDER BY " + orderBy.joined(separator: ", ")
        }
        let statement = try connection.statement(sql, during: .query(operation))
        statement.bind(parameters + (limit.map { [.integer(Int64($0))] } ?? []))
        return statement
    }

    /// The rows `select` gives with the conditions (see `prepare`), each made by `row` from the
    /// statement on it, oldest first.
    func rows<Row>(
        _ select: String, orderBy: [String], limit: Int?, on connection: SQLiteConnection, operation: String,
        _ row: (SQLiteStatement) -> Row
    ) throws(HistoryError) -> [Row] {
        let statement = try prepare(select, orderBy: orderBy, limit: limit, on: connection, operation: operation)
        var rows: [Row] = []
        while try statement.step() { rows.append(row(statement)) }
        return inOrder(rows, limit: limit)
    }

    /// Rows read by `prepare`, oldest first.
    func inOrder<Row>(_ rows: [Row], limit: Int?) -> [Row] {
        limit == nil ? rows : rows.reversed()
    }
}
