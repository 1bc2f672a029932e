import StrategyKit

extension HistoryDatabase {
    /// Records `order` as it stands now: a new client id adds a row, a known one is replaced
    /// by the later view of the same order.
    public func record(_ order: HistoryOrder) throws(HistoryError) {
        let statement = try connection.statement(
            """
            INSERT OR REPLACE INTO orders(\(HistoryOrder.columns.joined(separator: ", ")))
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """, during: .insert(table: "orders"))
        statement.bind(order.values)
        try statement.run()
    }

    /// Records one risk denial.
    public func record(_ denial: HistoryDenial) throws(HistoryError) {
        let statement = try connection.statement(
            "INSERT INTO denials(\(HistoryDenial.columns.joined(separator: ", "))) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            during: .insert(table: "denials"))
        statement.bind(denial.values)
        try statement.run()
    }

    /// Records one change of trading state.
    public func record(_ change: HistoryStateChange) throws(HistoryError) {
        let statement = try connection.statement(
            "INSERT INTO trading_states(\(HistoryStateChange.columns.joined(separator: ", "))) VALUES (?, ?, ?, ?, ?, ?, ?)",
            during: .insert(table: "trading_states"))
        statement.bind(change.values)
        try statement.run()
    }

    /// Runs `body` in one transaction (for a batch of `record` calls).
    public func batch<T>(_ body: () throws(HistoryError) -> T) throws(HistoryError) -> T {
        try connection.transaction(during: .insert(table: "orders, denials, trading_states"), body)
    }

    /// Copies the orders, denials and trading states (and the companies, filings and facts) of
    /// the history database at `old` into this one, a rebuild's new file whose own are empty:
    /// the ledger holds none of them, so a
    /// rebuild that did not carry them over would lose them. A database from before they were
    /// kept (schema 1) has none to copy. Throws when `old` cannot be read, holds another price
    /// unit or lacks a column this schema has; the copy is one transaction, all or nothing.
    func carryOrderFlow(from old: String) throws(HistoryError) {
        let attach = try connection.prepare("ATTACH DATABASE ? AS old", during: .query("attach \(old)"))
        attach.bind(old, at: 1)
        try attach.run()
        let version = try connection.statement("PRAGMA old.user_version", during: .query("read the schema version of \(old)"))
        let oldVersion = try version.firstRow({ $0.int64(0) }) ?? 0
        guard oldVersion >= 2 else { return }
        let unit = try connection.statement(
            "SELECT value FROM old.meta WHERE key = 'price_decimal_places'", during: .query("read the price unit of \(old)"))
        let found = try unit.firstRow { Int($0.int64(0)) } ?? Price.decimalPlaces
        guard found == Price.decimalPlaces else { throw .unitMismatch(path: old, found: found, expected: Price.decimalPlaces) }
        try batch { () throws(HistoryError) in
            // Denials and trading states in the order they were recorded; table and column names
            // are our own constants.
            for (table, columns, order) in [
                ("orders", oldVersion >= 5 ? HistoryOrder.columns : HistoryOrder.columnsBeforeKinds, ""), ("denials", HistoryDenial.columns, " ORDER BY id"),
                ("trading_states", HistoryStateChange.columns, " ORDER BY id"),
            ] {
                let list = columns.joined(separator: ", ")
                try connection.execute(
                    "INSERT INTO \(table)(\(list)) SELECT \(list) FROM old.\(table)\(order)", during: .insert(table: table))
            }
            // Orders from before version 5 were all plain: their kind is their type.
            if oldVersion < 5 { try connection.execute("UPDATE orders SET order_kind = order_type", during: .insert(table: "orders")) }
            // What EDGAR said (version 6 on) is not in the ledger either.
            if oldVersion >= 6 {
                for (table, columns) in [
                    ("companies", HistoryCompany.columns), ("company_tickers", ["ticker", "cik"]), ("filings", HistoryFiling.columns),
                    ("facts", HistoryFact.columns),
                ] {
                    let list = columns.joined(separator: ", ")
                    try connection.execute("INSERT INTO \(table)(\(list)) SELECT \(list) FROM old.\(table)", during: .insert(table: table))
                }
            }
        }
    }

    /// The orders `filter` selects (symbol, strategy, side, time sent, exchange order id),
    /// oldest first.
    public func orders(_ filter: HistoryFilter = HistoryFilter()) throws(HistoryError) -> [HistoryOrder] {
        var query = HistoryQuery(timeColumn: "sent_ns")
        query.add(filter, symbol: true, strategy: true, side: true, orderID: "venue_order_id", code: nil)
        return try query.rows(
            "SELECT \(HistoryOrder.columns.joined(separator: ", ")) FROM orders", orderBy: ["sent_ns", "client_id"],
            limit: filter.limit, on: connection, operation: "orders"
        ) { row in
            HistoryOrder(
                clientID: row.text(0), venueOrderID: row.optionalInt64(1).map(OrderID.init(rawValue:)),
                venue: Venue(row.text(2)), strategy: StrategyID(row.text(3)), symbol: Symbol(row.text(4)),
                side: Side(rawValue: row.text(5)) ?? .buy, type: OrderType(rawValue: row.text(6)) ?? .limit,
                price: Price(units: row.int64(7)), quantity: Quantity(shares: row.int64(8)),
                sent: Timestamp(nanoseconds: row.int64(9)),
                acknowledged: row.optionalInt64(10).map(Timestamp.init(nanoseconds:)),
                closed: row.optionalInt64(11).map(Timestamp.init(nanoseconds:)), state: row.text(12),
                filled: Quantity(shares: row.int64(13)), averagePrice: row.optionalInt64(14).map(Price.init(units:)),
                kind: row.text(15), stopPrice: row.optionalInt64(16).map(Price.init(units:)),
                timeInForce: TimeInForce(rawValue: row.text(17)) ?? .day, orderClass: row.optionalText(18).flatMap(OrderClass.init(rawValue:)),
                group: row.optionalText(19))
        }
    }

    /// The denials `filter` selects (symbol, strategy, side, time, code), oldest first.
    public func denials(_ filter: HistoryFilter = HistoryFilter()) throws(HistoryError) -> [HistoryDenial] {
        var query = HistoryQuery(timeColumn: "time_ns")
        query.add(filter, symbol: true, strategy: true, side: true, orderID: nil, code: "code")
        return try query.rows(
            "SELECT \(HistoryDenial.columns.joined(separator: ", ")) FROM denials", orderBy: ["time_ns", "id"],
            limit: filter.limit, on: connection, operation: "denials"
        ) { row in
            HistoryDenial(
                time: Timestamp(nanoseconds: row.int64(0)), strategy: StrategyID(row.text(1)),
                symbol: Symbol(row.text(2)), side: Side(rawValue: row.text(3)) ?? .buy,
                type: OrderType(rawValue: row.text(4)) ?? .limit, price: Price(units: row.int64(5)),
                quantity: Quantity(shares: row.int64(6)), code: row.text(7), limit: row.optionalInt64(8),
                actual: row.optionalInt64(9), message: row.text(10))
        }
    }

    /// The trading-state changes `filter` selects (time, code), oldest first.
    public func stateChanges(_ filter: HistoryFilter = HistoryFilter()) throws(HistoryError) -> [HistoryStateChange] {
        var query = HistoryQuery(timeColumn: "time_ns")
        query.add(filter, symbol: false, strategy: false, side: false, orderID: nil, code: "code")
        return try query.rows(
            "SELECT \(HistoryStateChange.columns.joined(separator: ", ")) FROM trading_states", orderBy: ["time_ns", "id"],
            limit: filter.limit, on: connection, operation: "trading states"
        ) { row in
            HistoryStateChange(
                time: Timestamp(nanoseconds: row.int64(0)), scope: row.text(1), from: row.text(2),
                to: row.text(3), code: row.text(4), limit: row.optionalInt64(5).map(Money.init(units:)),
                actual: row.optionalInt64(6).map(Money.init(units:)))
        }
    }
}
