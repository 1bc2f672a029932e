import Edgar
import History
import StrategyKit

/// The one mapping from the EDGAR client's models onto the history's rows, and the storing of
/// what a call brought back: `tickwork filings` and `facts`, the watch list's refresh and the
/// daemon's polling all store through here.
enum EdgarHistory {
    /// The company row of a submissions document, its tickers as the company list spells them.
    static func company(_ submissions: Submissions, updated: Timestamp) -> HistoryCompany {
        HistoryCompany(
            cik: Int64(submissions.cik.value), name: submissions.name, tickers: submissions.tickers.map(CompanyTicker.normalized),
            sic: submissions.sic.isEmpty ? nil : submissions.sic,
            sicDescription: submissions.sicDescription.isEmpty ? nil : submissions.sicDescription,
            fiscalYearEnd: submissions.fiscalYearEnd.isEmpty ? nil : submissions.fiscalYearEnd, updated: updated)
    }

    /// The company row of a company list entry, for a company known only from the list (its
    /// facts fetched, its submissions not).
    static func company(_ listed: CompanyTicker, updated: Timestamp) -> HistoryCompany {
        HistoryCompany(
            cik: Int64(listed.cik.value), name: listed.title, tickers: [CompanyTicker.normalized(listed.ticker)], sic: nil,
            sicDescription: nil, fiscalYearEnd: nil, updated: updated)
    }

    /// The filing row of `filing`, first seen at `firstSeen` (kept if it is held already).
    static func filing(_ filing: Edgar.Filing, firstSeen: Timestamp) -> HistoryFiling {
        HistoryFiling(
            accession: filing.accession, cik: Int64(filing.cik.value), form: filing.form, filingDate: filing.filingDate,
            reportDate: filing.reportDate, accepted: filing.acceptedAt, primaryDocument: filing.primaryDocument,
            items: filing.items, url: filing.documentURL, firstSeen: firstSeen)
    }

    /// The fact row of `fact`, reported by the company `cik`.
    static func fact(_ fact: Fact, cik: CIK) -> HistoryFact {
        HistoryFact(
            cik: Int64(cik.value), taxonomy: fact.taxonomy, concept: fact.concept, unit: fact.unit, periodStart: fact.start,
            periodEnd: fact.end, value: fact.value, form: fact.form, filed: fact.filed, accession: fact.accession,
            fiscalYear: fact.fiscalYear.map(Int64.init), fiscalPeriod: fact.fiscalPeriod, frame: fact.frame)
    }

    /// Stores `companies` (replacing the rows held) and their filings, and returns the filings
    /// that were new, company by company in the order given: a filing held already is left as
    /// it is, so fetching twice stores once.
    static func store(_ companies: [Submissions], in database: HistoryDatabase, now: Timestamp) throws(HistoryError) -> [HistoryFiling] {
        guard !companies.isEmpty else { return [] }
        try database.upsert(companies.map { company($0, updated: now) })
        return try database.insert(companies.flatMap { $0.filings.map { filing($0, firstSeen: now) } })
    }

    /// Stores `facts` and returns how many were new. The company is stored from `listed`
    /// when the history does not hold it yet, so that its ticker finds the facts offline.
    @discardableResult
    static func store(_ facts: CompanyFacts, listed: CompanyTicker?, in database: HistoryDatabase, now: Timestamp) throws(HistoryError) -> Int {
        if let listed, try database.company(.cik(Int64(listed.cik.value))) == nil {
            try database.upsert([company(listed, updated: now)])
        }
        return try database.insert(facts.facts.map { fact($0, cik: facts.cik) })
    }
}
