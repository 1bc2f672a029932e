@testable import Edgar
import Foundation
import StrategyKit
import Testing
import Wire

@Suite(.timeLimit(.minutes(10))) struct DecodingTests {
    private let context = EdgarDecodeContext(siteBaseURL: "https://www.sec.gov/")

    private func decode<C: EdgarCommand>(_ command: C, _ text: String) throws -> C.Result {
        try Array(text.utf8).withUnsafeBytes { body in try command.decode(body, context: context) }
    }

    private func oracle(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    @Test func cikParsesPaddedTextAndNumbersAndPadsToTen() throws {
        #expect(CIK("0000320193")?.value == 320193 && CIK("320193")?.value == 320193)
        #expect(try #require(CIK(320193)).padded == "0000320193")
        #expect(CIK("") == nil && CIK("00003201930") == nil && CIK("32a") == nil && CIK(0) == nil && CIK("-1") == nil)
        #expect(GetSubmissions(cik: try #require(CIK(789019))).path == "/submissions/CIK0000789019.json")
    }

    @Test func companyListKeepsTickerCIKAndTitleRankedByPosition() throws {
        let rows = try decode(GetCompanyTickers(), EdgarFixtures.companyTickers)
        let expected = try oracle(EdgarFixtures.companyTickers)
        #expect(rows.count == expected.count)
        for row in rows {
            let entry = try #require(expected[String(row.rank)] as? [String: Any])
            #expect(entry["ticker"] as? String == row.ticker && entry["cik_str"] as? Int == row.cik.value)
            #expect(entry["title"] as? String == row.title)
        }
        let list = CompanyList(tickers: rows, fetchedAt: .zero, fromCache: false)
        #expect(list.company("brk.b")?.cik.value == 1067983 && list.company("aapl")?.rank == 0 && list.company("NOPE") == nil)
    }

    @Test func submissionsKeepTheCompanyTheFilingsAndThePages() throws {
        let submissions = try decode(GetSubmissions(cik: try #require(CIK(320193))), EdgarFixtures.appleSubmissions)
        #expect(submissions.cik.value == 320193 && submissions.name == "Apple Inc." && submissions.tickers == ["AAPL"])
        #expect(submissions.exchanges == ["Nasdaq"] && submissions.sic == "3571" && submissions.sicDescription == "Electronic Computers")
        #expect(submissions.fiscalYearEnd == "0926")
        #expect(submissions.pages == [SubmissionsPage(
            name: "CIK0000320193-submissions-001.json", filingCount: 1234, filingFrom: "1994-01-26", filingTo: "2014-01-01")])
        let recent = try #require((try oracle(EdgarFixtures.appleSubmissions)["filings"] as? [String: Any])?["recent"] as? [String: Any])
        #expect(submissions.filings.map(\.accession) == recent["accessionNumber"] as? [String])
        #expect(submissions.filings.map(\.form) == recent["form"] as? [String])
        let eightK = submissions.filings[0]
        #expect(eightK.items == ["2.02", "9.01"] && eightK.reportDate == "2024-10-31" && eightK.filingDate == "2024-10-31")
        #expect(eightK.acceptedAt == Timestamp(iso8601: "2024-10-31T16:30:41Z"))
        #expect(eightK.documentURL == "https://www.sec.gov/Archives/edgar/data/320193/000032019324000123/aapl-20241031.htm")
        let formFour = submissions.filings[1]
        #expect(formFour.items.isEmpty && formFour.reportDate == nil && formFour.primaryDocument == "xslF345X05/wk-form4_1728081059.xml")
    }

    @Test func anOlderPageIsTheRecentColumnsAtTheTopLevel() throws {
        let filings = try decode(
            GetSubmissionsPage(cik: try #require(CIK(320193)), name: "CIK0000320193-submissions-001.json"), EdgarFixtures.applePage)
        #expect(filings.map(\.form) == ["10-K"] && filings[0].items.isEmpty && filings[0].reportDate == "2013-09-28")
        #expect(filings[0].documentURL.hasSuffix("/320193/000119312513416534/d590790d10k.htm"))
    }

    @Test func columnsOfDifferentLengthsAreRefused() throws {
        let broken = EdgarFixtures.applePage.replacingOccurrences(of: #""form":["10-K"]"#, with: #""form":["10-K","8-K"]"#)
        #expect(throws: JSONReadError.self) { try decode(GetSubmissionsPage(cik: try #require(CIK(1)), name: "p.json"), broken) }
    }

    @Test func companyFactsBecomeAFlatListWithExactValues() throws {
        let result = try decode(GetCompanyFacts(cik: try #require(CIK(320193))), EdgarFixtures.appleFacts)
        #expect(result.cik.value == 320193 && result.entityName == "Apple Inc.")
        #expect(result.facts.map(\.unit) == ["shares", "USD", "USD", "USD/shares", "USD/shares"])
        #expect(result.facts.map(\.value) == ["900678473", "391035000000", "94930000000", "6.11", "-0.05"])
        #expect(result.facts.map(\.taxonomy) == ["dei", "us-gaap", "us-gaap", "us-gaap", "us-gaap"])
        let shares = result.facts[0]
        #expect(shares.concept == "EntityCommonStockSharesOutstanding" && shares.start == nil && shares.end == "2009-10-16")
        #expect(shares.frame == "CY2009Q3I" && shares.fiscalYear == 2009 && shares.fiscalPeriod == "FY" && shares.form == "10-K")
        let quarter = result.facts[2]
        #expect(quarter.start == "2024-06-30" && quarter.frame == nil && quarter.fiscalYear == nil && quarter.fiscalPeriod == nil)
        #expect(result.facts[3].accession == "0000320193-24-000123" && result.facts[3].filed == "2024-11-01")

        // The oracle: every entry of every unit, values equal as numbers.
        var oracleValues: [Double] = []
        for (_, concepts) in try #require(try oracle(EdgarFixtures.appleFacts)["facts"] as? [String: [String: [String: Any]]]) {
            for (_, concept) in concepts {
                for (_, entries) in try #require(concept["units"] as? [String: [[String: Any]]]) {
                    oracleValues += entries.compactMap { ($0["val"] as? NSNumber)?.doubleValue }
                }
            }
        }
        #expect(oracleValues.sorted() == result.facts.compactMap { Double($0.value) }.sorted())
    }

    @Test func aConceptIsTheSameFactsOfOneTag() throws {
        let result = try decode(
            GetCompanyConcept(cik: try #require(CIK(320193)), concept: "AccountsPayableCurrent"), EdgarFixtures.appleConcept)
        #expect(result.facts.count == 2 && result.facts.allSatisfy { $0.taxonomy == "us-gaap" && $0.concept == "AccountsPayableCurrent" })
        #expect(result.facts.map(\.value) == ["5520000000", "68960000000"] && result.facts[0].frame == nil)
    }
}
