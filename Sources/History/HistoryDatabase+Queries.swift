import CSQLite
import StrategyKit

extension HistoryDatabase {
    /// Fills, volume and realized P&L from the daily summaries, grouped `by` day, strategy or
    /// symbol, for the symbol, strategy and days (those `since` falls on through the one before
    /// `until`) `filter` selects, in key order.
    public func pnl(by grouping: HistoryGrouping, _ filter: HistoryFilter = HistoryFilter()) throws(HistoryError) -> [HistoryPnL] {
        let query = summaryQuery(filter)
        let key = grouping.rawValue
        let statement = try connection.statement(
            """
            SELECT \(key), sum(fills), sum(bought_shares), sum(sold_shares), sum(notional_units), sum(realized_units)
            FROM daily_summaries\(query.whereClause) GROUP BY \(key) ORDER BY \(key)
            """, during: .query("pnl by \(key)"))
        statement.bind(query.parameters)
        var rows: [HistoryPnL] = []
        while try statement.step() {
            rows.append(
                HistoryPnL(
                    key: statement.text(0), fills: statement.int64(1), bought: Quantity(shares: statement.int64(2)),
                    sold: Quantity(shares: statement.int64(3)), notional: Money(units: statement.int64(4)),
                    realized: Money(units: statement.int64(5))))
        }
        return rows
    }

    /// The conditions on `daily_summaries` of `filter`'s symbol and strategy and of the days
    /// its `since` falls on through the one before `until`.
    func summaryQuery(_ filter: HistoryFilter) -> HistoryQuery {
        var query = HistoryQuery(timeColumn: "day")
        if let value = filter.symbol { query.add("symbol = ?", .text(value.rawValue)) }
        if let value = filter.strategy { query.add("strategy = ?", .text(value.rawValue)) }
        if let since = filter.since { query.add("day >= ?", .text(day(of: since))) }
        if let until = filter.until { query.add("day <= ?", .text(day(of: until.advanced(byNanoseconds: -1)))) }
        return query
    }

    /// The rows of one statement of the caller's, `sql`, read as SQLite makes them. Only one
    /// statement, and one that reads, is run: a second statement, or one that writes, is
    /// refused before it starts (and a database opened with `readOnly` would refuse a write
    /// anyway).
    public func cursor(_ sql: String) throws(HistoryError) -> HistoryCursor {
        let statement = try connection.prepare(sql, during: .query("sql"))
        guard statement.isReadOnly else {
            throw .query(operation: "sql", message: "only statements that read are allowed: \(sql)", code: SQLITE_READONLY)
        }
        return HistoryCursor(statement, on: self)
    }

    /// Every row of `cursor(sql)` at once, for a result known to be small (a count, a table's
    /// few rows).
    public func rows(of sql: String) throws(HistoryError) -> HistoryRows {
        let cursor = try cursor(sql)
        var result = HistoryRows(columns: cursor.columns, rows: [])
        while let row = try cursor.next() {
            result.rows.append(row)
        }
        return result
    }
}
