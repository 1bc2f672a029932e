import StrategyKit
import Testing

@testable import History

/// Apple and Alphabet as EDGAR describes them, and filings of theirs an hour apart from
/// `dayOne`.
private let apple = HistoryCompany(
    cik: 320193, name: "Apple Inc.", tickers: ["AAPL"], sic: "3571", sicDescription: "Electronic Computers", fiscalYearEnd: "0926",
    updated: Timestamp(nanoseconds: dayOne))
private let alphabet = HistoryCompany(
    cik: 1652044, name: "Alphabet Inc.", tickers: ["GOOGL", "GOOG"], sic: "7370", sicDescription: nil, fiscalYearEnd: "1231",
    updated: Timestamp(nanoseconds: dayOne))
private let oneHour: Int64 = 3_600_000_000_000

private func filing(_ accession: String, cik: Int64 = 320193, form: String, hour: Int64, items: [String] = []) -> HistoryFiling {
    HistoryFiling(
        accession: accession, cik: cik, form: form, filingDate: "2026-12-01", reportDate: form == "8-K" ? nil : "2026-09-27",
        accepted: Timestamp(nanoseconds: dayOne + hour * oneHour), primaryDocument: "doc-\(accession).htm", items: items,
        url: "https://www.sec.gov/Archives/edgar/data/\(cik)/\(accession.filter { $0 != "-" })/doc-\(accession).htm",
        firstSeen: Timestamp(nanoseconds: dayOne + 24 * oneHour))
}

private let appleFilings = [
    filing("0000320193-26-000001", form: "10-K", hour: 1),
    filing("0000320193-26-000002", form: "8-K", hour: 2, items: ["2.02", "9.01"]),
    filing("0000320193-26-000003", form: "4", hour: 3),
    filing("0000320193-26-000004", form: "8-K", hour: 4, items: ["5.02"]),
]

private func fact(
    _ concept: String, unit: String = "USD", start: String? = "2025-09-28", end: String = "2026-09-26", value: String,
    accession: String = "0000320193-26-000001", frame: String? = nil
) -> HistoryFact {
    HistoryFact(
        cik: 320193, taxonomy: "us-gaap", concept: concept, unit: unit, periodStart: start, periodEnd: end, value: value, form: "10-K",
        filed: "2026-11-01", accession: accession, fiscalYear: 2026, fiscalPeriod: "FY", frame: frame)
}

@Suite("History: companies, filings and facts from EDGAR", .timeLimit(.minutes(10)))
struct HistoryFilingTests {
    @Test("a version 5 database keeps its fills and orders when it gains the EDGAR tables")
    func migratesFromVersionFive() throws {
        let sample = try SampleHistory()
        do {
            let old = try HistoryDatabase(path: sample.database, schemaVersion: 5)
            try old.append(sample.entries)
            try old.record(
                HistoryStateChange(time: .zero, scope: "account", from: "active", to: "halted", code: "RISK_MANUAL", limit: nil, actual: nil))
            #expect(throws: HistoryError.self) { try old.insert(appleFilings) }
        }
        let current = try HistoryDatabase(path: sample.database)
        #expect(try current.userVersion() == HistorySchema.currentVersion)
        #expect(try current.fills().map(\.sequence) == [1, 2, 3, 4, 5, 6])
        #expect(try current.stateChanges().count == 1)
        try current.upsert([apple])
        #expect(try current.insert(appleFilings).count == 4)
        let tables = try current.rows(of: "SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name IN ('companies', 'filings', 'facts')")
        #expect(tables.rows == [[.integer(3)]])
    }

    @Test("a filing inserted twice is stored once, and the second insert reports none new")
    func filingsStoredOnce() throws {
        let sample = try SampleHistory()
        let database = try HistoryDatabase(path: sample.database)
        try database.upsert([apple])
        #expect(try database.insert(Array(appleFilings.prefix(2))) == Array(appleFilings.prefix(2)))
        var again = appleFilings
        again[0].firstSeen = Timestamp(nanoseconds: dayOne + 48 * oneHour)
        // The two held come back as nothing new; the two others are new.
        #expect(try database.insert(again) == Array(appleFilings.suffix(2)))
        #expect(try database.insert(again) == [])
        #expect(try database.rows(of: "SELECT count(*) FROM filings").rows == [[.integer(4)]])
        // The first sighting is kept.
        #expect(try database.filings(HistoryFilingFilter(forms: ["10-K"])).map(\.firstSeen) == [appleFilings[0].firstSeen])
    }

    @Test("filings are found by ticker or CIK, by form, since a time and up to a limit, newest first")
    func filingQueries() throws {
        let sample = try SampleHistory()
        let database = try HistoryDatabase(path: sample.database)
        try database.upsert([apple, alphabet])
        let google = filing("0001652044-26-000001", cik: 1652044, form: "10-Q", hour: 5)
        _ = try database.insert(appleFilings + [google])
        let accessions = { (filter: HistoryFilingFilter) throws in try database.filings(filter).map { String($0.accession.suffix(2)) } }
        #expect(try accessions(HistoryFilingFilter(company: .ticker("AAPL"))) == ["04", "03", "02", "01"])
        #expect(try accessions(HistoryFilingFilter(company: .cik(320193), forms: ["8-K", "10-K"])) == ["04", "02", "01"])
        #expect(try accessions(HistoryFilingFilter(company: .ticker("AAPL"), since: Timestamp(nanoseconds: dayOne + 2 * oneHour))) == ["04", "03", "02"])
        #expect(try accessions(HistoryFilingFilter(company: .ticker("AAPL"), limit: 2)) == ["04", "03"])
        #expect(try accessions(HistoryFilingFilter(company: .ticker("GOOG"))) == ["01"])
        #expect(try accessions(HistoryFilingFilter(company: .ticker("MSFT"))) == [])
        #expect(try accessions(HistoryFilingFilter(limit: 1)) == ["01"])
        let read = try database.filings(HistoryFilingFilter(company: .ticker("AAPL"), forms: ["8-K"], limit: 1))
        #expect(read == [appleFilings[3]])
        #expect(read.first?.items == ["5.02"])
        #expect(try database.company(.ticker("GOOG")) == alphabet)
        let latest = try database.latestFilings(of: ["AAPL", "GOOGL", "MSFT"])
        #expect(latest.mapValues(\.accession) == ["AAPL": "0000320193-26-000004", "GOOGL": "0001652044-26-000001"])
    }

    @Test("a company stored again replaces its row and its tickers")
    func companyReplaced() throws {
        let sample = try SampleHistory()
        let database = try HistoryDatabase(path: sample.database)
        try database.upsert([alphabet])
        var renamed = alphabet
        renamed.tickers = ["GOOGL"]
        renamed.name = "Alphabet Inc. (renamed)"
        try database.upsert([renamed])
        #expect(try database.company(.cik(1652044)) == renamed)
        #expect(try database.company(.ticker("GOOG")) == nil)
        #expect(try database.rows(of: "SELECT count(*) FROM companies").rows == [[.integer(1)]])
    }

    @Test("facts keep their exact decimal text, and storing them again adds nothing")
    func factsExact() throws {
        let sample = try SampleHistory()
        let database = try HistoryDatabase(path: sample.database)
        try database.upsert([apple])
        let facts = [
            fact("Revenues", value: "391035000000", frame: "CY2026"),
            fact("EarningsPerShareBasic", unit: "USD/shares", value: "6.11"),
            fact("EarningsPerShareDiluted", unit: "USD/shares", value: "-0.05"),
            fact("Liabilities", start: nil, value: "123456789012345678901234567890.000001"),
            HistoryFact(
                cik: 320193, taxonomy: "dei", concept: "EntityCommonStockSharesOutstanding", unit: "shares", periodStart: nil,
                periodEnd: "2026-10-16", value: "15115823000", form: "10-K", filed: "2026-11-01", accession: "0000320193-26-000001",
                fiscalYear: nil, fiscalPeriod: nil, frame: nil),
            // The same revenue as a later filing reports it again: a fact of its own.
            fact("Revenues", value: "391035000000", accession: "0000320193-27-000001"),
        ]
        #expect(try database.insert(facts) == 6)
        #expect(try database.insert(facts) == 0)
        let read = try database.facts(of: .ticker("AAPL"))
        #expect(read.count == 6)
        #expect(Set(read) == Set(facts))
        #expect(try database.facts(of: .cik(320193), concept: "EarningsPerShareBasic") == [facts[1]])
        #expect(try database.facts(of: .ticker("AAPL"), concept: "Liabilities").map(\.value) == ["123456789012345678901234567890.000001"])
        #expect(try database.facts(of: .cik(320193), concept: "Revenues").map(\.accession) == ["0000320193-26-000001", "0000320193-27-000001"])
        let stored = try database.rows(of: "SELECT DISTINCT typeof(value) FROM facts")
        #expect(stored.rows == [[.text("text")]])
    }

    @Test("a rebuild carries the companies, filings and facts over")
    func rebuildKeepsFilings() throws {
        let sample = try SampleHistory()
        do {
            let database = try HistoryDatabase(path: sample.database)
            try database.upsert([apple])
            _ = try database.insert(appleFilings)
            try database.insert([fact("Revenues", value: "391035000000")])
        }
        #expect(try HistoryCatchUp.rebuild(path: sample.database, ledger: sample.ledger) { Issue.record("reported \($0)") } == 6)
        let rebuilt = try HistoryDatabase(path: sample.database)
        #expect(try rebuilt.filings(HistoryFilingFilter(company: .ticker("AAPL"))) == appleFilings.reversed())
        #expect(try rebuilt.facts(of: .ticker("AAPL")).map(\.value) == ["391035000000"])
        #expect(try rebuilt.company(.ticker("AAPL")) == apple)
    }
}
