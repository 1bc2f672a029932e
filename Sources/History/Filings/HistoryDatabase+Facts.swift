extension HistoryDatabase {
    /// Stores `facts` in one transaction through one prepared statement, and returns how many
    /// were new: a fact held already (the same company, concept, taxonomy, unit, period and
    /// accession) is left as it is, so storing a company's facts again adds nothing.
    @discardableResult
    public func insert(_ facts: [HistoryFact]) throws(HistoryError) -> Int {
        try connection.transaction(during: .insert(table: "facts")) { () throws(HistoryError) in
            let insert = try connection.statement(
                "INSERT OR IGNORE INTO facts(\(HistoryFact.columns.joined(separator: ", "))) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                during: .insert(table: "facts"))
            var new = 0
            for fact in facts {
                // Bound field by field: no array of values per row.
                insert.bind(fact.cik, at: 1)
                insert.bind(fact.taxonomy, at: 2)
                insert.bind(fact.concept, at: 3)
                insert.bind(fact.unit, at: 4)
                insert.bind(fact.periodStart, at: 5)
                insert.bind(fact.periodEnd, at: 6)
                insert.bind(fact.value, at: 7)
                insert.bind(fact.form, at: 8)
                insert.bind(fact.filed, at: 9)
                insert.bind(fact.accession, at: 10)
                insert.bind(fact.fiscalYear, at: 11)
                insert.bind(fact.fiscalPeriod, at: 12)
                insert.bind(fact.frame, at: 13)
                try insert.run()
                insert.rewind()
                new += connection.changes
            }
            return new
        }
    }

    /// The facts of the company `key` names, of `concept` alone when given, ordered by
    /// concept, taxonomy, unit, period end, period start and accession.
    public func facts(of key: HistoryCompanyKey, concept: String? = nil) throws(HistoryError) -> [HistoryFact] {
        var query = HistoryQuery(timeColumn: "period_end")
        let condition = key.condition
        query.add(condition.sql, condition.value)
        if let concept { query.add("concept = ?", .text(concept)) }
        let select = try connection.statement(
            "SELECT \(HistoryFact.columns.joined(separator: ", ")) FROM facts\(query.whereClause) "
                + "ORDER BY concept, taxonomy, unit, period_end, coalesce(period_start, ''), accession", during: .query("facts"))
        select.bind(query.parameters)
        var rows: [HistoryFact] = []
        while try select.step() { rows.append(HistoryFact(row: select)) }
        return rows
    }
}
