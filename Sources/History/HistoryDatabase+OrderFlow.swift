import StrategyKit

extension HistoryDatabase {
    /// Records `order` as it stands now: a new client id adds a row, a known one is replaced
    /// by the later view of the same order.
    public func record(_ order: HistoryOrder) throws(HistoryError) {
        let statement = try connection.statement(
            """
            INSERT OR REPLACE INTO orders(\(HistoryOrder.columns.joined(separator: ", ")))
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
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

    /// Copies the orders, denials and trading states of the history database at `old` into this
    /// one, a rebuild's new file whose own are empty: the ledger holds none of them, so a
    /// rebuild that did not carry them over would lose them. A database from before they were
    /// kept (schema 1) has none to copy. Throws when `old` cannot be read, holds another price
    /// unit or lacks a column this schema has; the copy is one transaction, all or nothing.
    func carryOrderFlow(from old: String) throws(HistoryError) {
        let attach = try connection.prepare("ATTACH DATABASE ? AS old", during: .query("attach \(old)"))
        attach.bind(old, at: 1)
        try attach.run()
        let version = try connection.statement("PRAGMA old.user_version", during: .query("read the schema version of \(old)"))
        guard try version.firstRow({ $0.int64(0) }) ?? 0 >= 2 else { return }
        let unit = try connection.statement(
            "SELECT value FROM old.meta WHERE key = 'price_decimal_places'", during: .query("read the price unit of \(old)"))
        let found = try unit.firstRow { Int($0.int64(0)) } ?? Price.decimalPlaces
        guard found == Price.decimalPlaces else { throw .unitMismatch(path: old, found: found, expected: Price.decimalPlaces) }
        try batch { () throws(HistoryError) in
            // Denials and trading states in the order they were recorded; table and column names
            // are our own constants.
            for (table, columns, order) in [
                ("orders", HistoryOrder.columns, ""), ("denials", HistoryDenial.columns, " ORDER BY id"),
                ("trading_states", HistoryStateChange.columns, " ORDER BY id"),
            ] {
                let list = columns.joined(separator: ", ")
                try connection.execute(
                    "INSERT INTO \(table)(\(list)) SELECT \(list) FROM old.\(table)\(order)", during: .insert(table: table))
            }
        }
    }

    /// The orders `filter` selects (symbol, strategy, side, time sent, exchange order id),
    /// oldest first.
    public func orders(_ filter: HistoryFilter = HistoryFilter()) throws(HistoryError) -> [HistoryOrder] {
        var query = HistoryQuery(timeColumn: "sent_ns")
        query.add(filter, symbol: true, strategy: true, side: true, orderID: "venue_order_id", code: nil)
        let statement = try query.prepare(
            "SELECT \(HistoryOrder.columns.joined(separator: ", ")) FROM orders", orderBy: ["sent_ns", "client_id"],
            limit: filter.limit, on: connection, operation: "orders")
        var rows: [HistoryOrder] = []
        while try statement.step() {
            rows.append(
                HistoryOrder(
                    clientID: statement.text(0), venueOrderID: statement.optionalInt64(1).map(OrderID.init(rawValue:)),
                    venue: Venue(statement.text(2)), strategy: StrategyID(statement.text(3)), symbol: Symbol(statement.text(4)),
                    side: Side(rawValue: statement.text(5)) ?? .buy, type: OrderType(rawValue: statement.text(6)) ?? .limit,
                    price: Price(units: statement.int64(7)), quantity: Quantity(shares: statement.int64(8)),
                    sent: Timestamp(nanoseconds: statement.int64(9)),
                    acknowledged: statement.optionalInt64(10).map(Timestamp.init(nanoseconds:)),
                    closed: statement.optionalInt64(11).map(Timestamp.init(nanoseconds:)), state: statement.text(12),
                    filled: Quantity(shares: statement.int64(13)), averagePrice: statement.optionalInt64(14).map(Price.init(units:))))
        }
        return query.inOrder(rows, limit: filter.limit)
    }

    /// The denials `filter` selects (symbol, strategy, side, time, code), oldest first.
    public func denials(_ filter: HistoryFilter = HistoryFilter()) throws(HistoryError) -> [HistoryDenial] {
        var query = HistoryQuery(timeColumn: "time_ns")
        query.add(filter, symbol: true, strategy: true, side: true, orderID: nil, code: "code")
        let statement = try query.prepare(
            "SELECT \(HistoryDenial.columns.joined(separator: ", ")) FROM denials", orderBy: ["time_ns", "id"],
            limit: filter.limit, on: connection, operation: "denials")
        var rows: [HistoryDenial] = []
        while try statement.step() {
            rows.append(
                HistoryDenial(
                    time: Timestamp(nanoseconds: statement.int64(0)), strategy: StrategyID(statement.text(1)),
                    symbol: Symbol(statement.text(2)), side: Side(rawValue: statement.text(3)) ?? .buy,
                    type: OrderType(rawValue: statement.text(4)) ?? .limit, price: Price(units: statement.int64(5)),
                    quantity: Quantity(shares: statement.int64(6)), code: statement.text(7), limit: statement.optionalInt64(8),
                    actual: statement.optionalInt64(9), message: statement.text(10)))
        }
        return query.inOrder(rows, limit: filter.limit)
    }

    /// The trading-state changes `filter` selects (time, code), oldest first.
    public func stateChanges(_ filter: HistoryFilter = HistoryFilter()) throws(HistoryError) -> [HistoryStateChange] {
        var query = HistoryQuery(timeColumn: "time_ns")
        query.add(filter, symbol: false, strategy: false, side: false, orderID: nil, code: "code")
        let statement = try query.prepare(
            "SELECT \(HistoryStateChange.columns.joined(separator: ", ")) FROM trading_states", orderBy: ["time_ns", "id"],
            limit: filter.limit, on: connection, operation: "trading states")
        var rows: [HistoryStateChange] = []
        while try statement.step() {
            rows.append(
                HistoryStateChange(
                    time: Timestamp(nanoseconds: statement.int64(0)), scope: statement.text(1), from: statement.text(2),
                    to: statement.text(3), code: statement.text(4), limit: statement.optionalInt64(5).map(Money.init(units:)),
                    actual: statement.optionalInt64(6).map(Money.init(units:))))
        }
        return query.inOrder(rows, limit: filter.limit)
    }
}
