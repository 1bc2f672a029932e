import StrategyKit

extension HistoryDatabase {
    /// Adds `companies`, or replaces the rows of those already held (a newer submissions
    /// document), with their tickers, in one transaction. A ticker another company held before
    /// is this one's from now on.
    public func upsert(_ companies: [HistoryCompany]) throws(HistoryError) {
        try connection.transaction(during: .insert(table: "companies")) { () throws(HistoryError) in
            let upsert = try connection.statement(
                """
                INSERT INTO companies(\(HistoryCompany.columns.joined(separator: ", "))) VALUES (?, ?, ?, ?, ?, ?, ?)
                ON CONFLICT(cik) DO UPDATE SET name = excluded.name, tickers = excluded.tickers, sic = excluded.sic,
                    sic_description = excluded.sic_description, fiscal_year_end = excluded.fiscal_year_end,
                    updated_ns = excluded.updated_ns
                """, during: .insert(table: "companies"))
            let forget = try connection.statement("DELETE FROM company_tickers WHERE cik = ?", during: .insert(table: "company_tickers"))
            let ticker = try connection.statement(
                "INSERT OR REPLACE INTO company_tickers(ticker, cik) VALUES (?, ?)", during: .insert(table: "company_tickers"))
            for company in companies {
                upsert.bind(company.values)
                try upsert.run()
                upsert.reset()
                forget.bind(company.cik, at: 1)
                try forget.run()
                forget.reset()
                for name in company.tickers {
                    ticker.bind(name, at: 1)
                    ticker.bind(company.cik, at: 2)
                    try ticker.run()
                    ticker.reset()
                }
            }
        }
    }

    /// The company `key` names, nil when the history holds none.
    public func company(_ key: HistoryCompanyKey) throws(HistoryError) -> HistoryCompany? {
        let condition = key.condition
        let select = try connection.statement(
            "SELECT \(HistoryCompany.columns.joined(separator: ", ")) FROM companies WHERE \(condition.sql)", during: .query("company"))
        select.bind(condition.value, at: 1)
        return try select.firstRow { HistoryCompany(row: $0) }
    }

    /// Stores `filings` in one transaction and returns those that were new, in the order given:
    /// a filing whose accession number is held already is left as it is (its first-seen time
    /// kept), so fetching the same submissions twice stores each filing once and the second
    /// insert returns none.
    public func insert(_ filings: [HistoryFiling]) throws(HistoryError) -> [HistoryFiling] {
        try connection.transaction(during: .insert(table: "filings")) { () throws(HistoryError) in
            let insert = try connection.statement(
                "INSERT OR IGNORE INTO filings(\(HistoryFiling.columns.joined(separator: ", "))) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                during: .insert(table: "filings"))
            var new: [HistoryFiling] = []
            for filing in filings {
                insert.bind(filing.values)
                try insert.run()
                insert.reset()
                if connection.changes == 1 { new.append(filing) }
            }
            return new
        }
    }

    /// The filings `filter` selects, newest (by acceptance time) first.
    public func filings(_ filter: HistoryFilingFilter = HistoryFilingFilter()) throws(HistoryError) -> [HistoryFiling] {
        var query = HistoryQuery(timeColumn: "accepted_ns")
        if let company = filter.company {
            let condition = company.condition
            query.add(condition.sql, condition.value)
        }
        if !filter.forms.isEmpty {
            query.add("form IN (\(filter.forms.map { _ in "?" }.joined(separator: ", ")))", filter.forms.map { .text($0) })
        }
        if let since = filter.since { query.add("accepted_ns >= ?", .integer(since.nanoseconds)) }
        let select = try connection.statement(
            "SELECT \(HistoryFiling.columns.joined(separator: ", ")) FROM filings\(query.whereClause) "
                + "ORDER BY accepted_ns DESC, accession DESC LIMIT ?", during: .query("filings"))
        // A negative limit is none to SQLite.
        select.bind(query.parameters + [.integer(filter.limit.map(Int64.init) ?? -1)])
        var rows: [HistoryFiling] = []
        while try select.step() { rows.append(HistoryFiling(row: select)) }
        return rows
    }

    /// The newest filing of each of `symbols` (a ticker of a company the history holds) that
    /// has one: what the watch list shows beside the quote.
    public func latestFilings(of symbols: [String]) throws(HistoryError) -> [String: HistoryFiling] {
        let select = try connection.statement(
            """
            SELECT \(HistoryFiling.columns.joined(separator: ", ")) FROM filings
            WHERE cik = (SELECT cik FROM company_tickers WHERE ticker = ?) ORDER BY accepted_ns DESC, accession DESC LIMIT 1
            """, during: .query("latest filings"))
        var latest: [String: HistoryFiling] = [:]
        for symbol in symbols {
            select.bind(symbol, at: 1)
            latest[symbol] = try select.firstRow { HistoryFiling(row: $0) }
        }
        return latest
    }
}
