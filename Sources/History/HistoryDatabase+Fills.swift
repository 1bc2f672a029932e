import Ledger
@_spi(Host) import StrategyKit

extension HistoryDatabase {
    /// The sequence number of the last fill held (0 when none).
    public func lastSequence() throws(HistoryError) -> UInt64 {
        let statement = try connection.statement("SELECT max(seq) FROM fills", during: .query("read the last sequence"))
        return try statement.firstRow { UInt64($0.optionalInt64(0) ?? 0) } ?? 0
    }

    /// The checksum (hexadecimal) of the fill with sequence number `sequence`, nil when absent.
    public func checksum(at sequence: UInt64) throws(HistoryError) -> String? {
        let statement = try connection.statement("SELECT checksum FROM fills WHERE seq = ?", during: .query("read a checksum"))
        statement.bind(Int64(sequence), at: 1)
        return try statement.firstRow { $0.text(0) }
    }

    /// Adds the ledger's `entries`, in ledger order, in one transaction, with each fill's day
    /// summary; returns how many were new. A sequence number already held is skipped, so the
    /// same entries twice give the same rows.
    ///
    /// Each pair's P&L and day summaries are kept in memory under one lookup of the pair per
    /// fill, the summaries written once per day, strategy and symbol of the call rather than
    /// once per fill, and the fills inserted by `FillInserter`, many to a statement: a
    /// catch-up's time is then SQLite's own.
    @discardableResult
    public func append(_ entries: some Sequence<LedgerEntry>) throws(HistoryError) -> Int {
        try connection.transaction(during: .insert(table: "fills")) { () throws(HistoryError) -> Int in
            // Inside the transaction no other connection writes: the pairs' P&L read here is
            // the database's, even when another process caught it up since our last append.
            var pairs = try realizedBefore().mapValues { PairTally(realized: $0) }
            let inserter = try FillInserter(self, held: try lastSequence())
            var added = 0
            for entry in entries {
                let pair = PairKey(strategy: entry.fill.strategyID, symbol: entry.fill.symbol)
                let slot = pairs.index(forKey: pair) ?? pairs.insertingSlot(for: pair)
                let gain = entry.realizedAfter - pairs.values[slot].realized
                let day = entry.fill.time.utcDay
                guard try inserter.insert(entry, realized: gain, day: dayText(day), in: self) else { continue }
                pairs.values[slot].add(entry, realized: gain, day: day)
                added += 1
            }
            try inserter.finish(in: self)
            try write(pairs)
            realizedByPair = (try lastSequence(), pairs.mapValues(\.realized))
            return added
        }
    }

    /// Adds the day summaries `pairs` hold to those of the database. The caller holds a transaction.
    private func write(_ pairs: [PairKey: PairTally]) throws(HistoryError) {
        let statement = try connection.statement(
            """
            INSERT INTO daily_summaries(day, strategy, symbol, fills, bought_shares, sold_shares, notional_units, realized_units)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?)
            ON CONFLICT (day, strategy, symbol) DO UPDATE SET fills = fills + excluded.fills,
                bought_shares = bought_shares + excluded.bought_shares, sold_shares = sold_shares + excluded.sold_shares,
                notional_units = notional_units + excluded.notional_units, realized_units = realized_units + excluded.realized_units
            """, during: .insert(table: "daily_summaries"))
        for (pair, tally) in pairs {
            for (day, summary) in tally.days {
                statement.bind(dayText(day), at: 1)
                statement.bind(pair.strategy.rawValue, at: 2)
                statement.bind(pair.symbol.rawValue, at: 3)
                statement.bind(summary.fills, at: 4)
                statement.bind(summary.bought, at: 5)
                statement.bind(summary.sold, at: 6)
                statement.bind(summary.notional, at: 7)
                statement.bind(summary.realized, at: 8)
                try statement.run()
                statement.reset()
            }
        }
    }

    /// What each pair had realized after its last fill: kept from our last append while the
    /// database's last sequence is still the one it left, else the sum of each pair's fills'
    /// own P&L, read from the small summary table rather than the fills.
    private func realizedBefore() throws(HistoryError) -> [PairKey: Money] {
        if let realizedByPair, realizedByPair.sequence == (try lastSequence()) { return realizedByPair.pairs }
        let statement = try connection.statement(
            "SELECT strategy, symbol, sum(realized_units) FROM daily_summaries GROUP BY strategy, symbol",
            during: .query("read realized P&L per strategy and symbol"))
        var realized: [PairKey: Money] = [:]
        while try statement.step() {
            realized[PairKey(strategy: StrategyID(statement.text(0)), symbol: Symbol(statement.text(1)))] = Money(units: statement.int64(2))
        }
        return realized
    }

    /// The fills `filter` selects (symbol, strategy, side, time, order id), oldest first.
    public func fills(_ filter: HistoryFilter = HistoryFilter()) throws(HistoryError) -> [HistoryFill] {
        var query = HistoryQuery(timeColumn: "time_ns")
        query.add(filter, symbol: true, strategy: true, side: true, orderID: "order_id", code: nil)
        // No index has the time alone (migration 3) or the strategy (migration 4): without a
        // symbol or an order, the rows are found through (symbol, time_ns), one range for each
        // symbol the day summaries hold for the strategy on the days of the range, which reads
        // no row of a symbol the filter cannot select. From several ranges they come in no one
        // order, and are sorted by sequence.
        let throughSummaries = filter.symbol == nil && filter.orderID == nil
            && (filter.strategy != nil || filter.since != nil || filter.until != nil)
        if throughSummaries {
            let summaries = summaryQuery(filter)
            query.add("symbol IN (SELECT DISTINCT symbol FROM daily_summaries\(summaries.whereClause))", summaries.parameters)
        }
        let columns = HistoryFill.columns.joined(separator: ", ")
        // Filtered by symbol, the rows are found through the index on (symbol, time_ns): read in
        // its order, they need no sort of SQLite's (a temporary B-tree of whole rows), and come
        // in ledger order but where a fill's time is before an earlier line's, which the sort
        // below puts right.
        let byTime = filter.limit == nil && filter.symbol != nil
        let statement = try query.prepare(
            "SELECT \(columns) FROM fills", orderBy: byTime ? ["time_ns", "seq"] : ["seq"], limit: filter.limit, on: connection,
            operation: "fills")
        var rows: [HistoryFill] = []
        // Venues, accounts, symbols, strategies and sides repeat: each is made once per query.
        var venues = TextInterner(), accounts = TextInterner(), symbols = TextInterner()
        var sides = TextInterner(), strategies = TextInterner()
        while try statement.step() {
            let fill = Fill(
                venue: Venue(statement.text(2, in: &venues)), account: Account(statement.text(3, in: &accounts)),
                symbol: Symbol(statement.text(4, in: &symbols)), orderID: OrderID(statement.int64(5)), index: Int(statement.int64(6)),
                side: Side(rawValue: statement.text(7, in: &sides)) ?? .buy, price: Price(units: statement.int64(8)),
                qty: Quantity(shares: statement.int64(9)), time: Timestamp(nanoseconds: statement.int64(1)),
                strategyID: StrategyID(statement.text(10, in: &strategies)))
            rows.append(
                HistoryFill(
                    sequence: UInt64(statement.int64(0)), fill: fill, reconciled: statement.int64(11) != 0,
                    positionAfter: Quantity(shares: statement.int64(12)), cashAfter: Money(units: statement.int64(13)),
                    realizedAfter: Money(units: statement.int64(14)), realized: Money(units: statement.int64(15)),
                    checksum: statement.text(16)))
        }
        if byTime, zip(rows, rows.dropFirst()).contains(where: { $0.sequence > $1.sequence }) {
            rows.sort { $0.sequence < $1.sequence }
        }
        return query.inOrder(rows, limit: filter.limit)
    }
}
