import Foundation
import SimulatedMarket
import StrategyKit
import Testing

/// The simulated EDGAR: EDGAR's shapes and field names (read with Foundation's
/// JSONSerialization), generated deterministically from the seed and marked simulated.
@Suite(.timeLimit(.minutes(10))) struct EdgarEndpointTests {
    /// The members of `filings.recent` and of a page, in EDGAR's order.
    static let filingColumns = [
        "accessionNumber", "filingDate", "reportDate", "acceptanceDateTime", "act", "form", "fileNumber", "filmNumber", "items",
        "core_type", "size", "isXBRL", "isInlineXBRL", "primaryDocument", "primaryDocDescription",
    ]

    @Test func companyTickersListsTheDirectorysCompaniesByProminenceThenTheExchangesOwn() throws {
        let edgar = try EdgarHarness(symbols: ["BAZ"])
        let list = try edgar.get("/files/company_tickers.json").json
        func entry(_ rank: Int) -> [String: Any]? { list[String(rank)] as? [String: Any] }
        #expect(entry(0)?["ticker"] as? String == "GOOGL" && entry(0)?["cik_str"] as? Int == 1652044)
        #expect(entry(0)?["title"] as? String == "Alphabet Inc. (simulated)")
        #expect(entry(1)?["ticker"] as? String == "AAPL" && entry(2)?["ticker"] as? String == "BRK-B")
        let tickers = (0..<list.count).compactMap { entry($0)?["ticker"] as? String }
        #expect(Set(tickers) == ["GOOGL", "AAPL", "BRK-B", "BAZ", "FOOBAR", "GOOG"], "SPY has no CIK")
        #expect(tickers.last == "GOOG", "a second share class comes after every first one")
        let own = (0..<list.count).compactMap(entry).filter { ["BAZ", "FOOBAR"].contains($0["ticker"] as? String) }
        #expect(own.allSatisfy { ($0["cik_str"] as? Int ?? 0) > 9_000_000_000 })
    }

    @Test func submissionsHaveEdgarsMembersAndParallelArraysOfEqualLength() throws {
        let edgar = try EdgarHarness()
        let document = try edgar.submissions(320193)
        #expect(document["cik"] as? String == "0000320193")
        #expect(document["name"] as? String == "Apple Inc. (simulated)")
        #expect(document["tickers"] as? [String] == ["AAPL"] && document["exchanges"] as? [String] == ["Nasdaq"])
        #expect(["0331", "0630", "0930", "1231"].contains(document["fiscalYearEnd"] as? String ?? ""))
        for key in ["entityType", "sic", "sicDescription", "stateOfIncorporation", "addresses", "formerNames", "ein"] {
            #expect(document[key] != nil, "\(key)")
        }
        let filings = try #require(document["filings"] as? [String: Any])
        #expect(filings["files"] is [Any])
        let recent = try #require(filings["recent"] as? [String: [Any]])
        #expect(recent.keys.sorted() == Self.filingColumns.sorted())
        let count = try #require(recent["accessionNumber"]?.count)
        #expect(count > 50)
        for column in Self.filingColumns { #expect(recent[column]?.count == count, "\(column)") }

        let forms = recent["form"] as? [String] ?? []
        #expect(Set(forms).isSuperset(of: ["10-K", "10-Q", "8-K", "4"]))
        let items = recent["items"] as? [String] ?? []
        #expect(zip(forms, items).contains { $0 == "8-K" && $1 == "2.02,9.01" })
        #expect(zip(forms, items).allSatisfy { $0 == "8-K" || $1.isEmpty })
        #expect((recent["primaryDocument"] as? [String] ?? []).allSatisfy { $0.hasPrefix("simulated/") })
        let dates = recent["filingDate"] as? [String] ?? []
        #expect(dates == dates.sorted().reversed(), "newest first")
        #expect(dates.first.map { $0 <= "2025-06-30" } == true)
        let accepted = recent["acceptanceDateTime"] as? [String] ?? []
        #expect(accepted.allSatisfy { $0.count == 24 && $0.hasSuffix(".000Z") && Timestamp(iso8601: $0) != nil })
        #expect(accepted.allSatisfy { Timestamp(iso8601: $0)! <= EdgarHarness.historyEnd }, "nothing after the history's end")
        let accessions = recent["accessionNumber"] as? [String] ?? []
        #expect(Set(accessions).count == count)
        #expect(accessions.allSatisfy { $0.count == 20 && $0.hasPrefix("0000320193-") })
    }

    @Test func olderFilingsArePagedAsFilingsFilesNames() throws {
        let edgar = try EdgarHarness(symbols: (0..<12).map { "P\($0)" })
        var paged = 0
        for cik in try edgar.listedCIKs() {
            let filings = try #require(try edgar.submissions(cik)["filings"] as? [String: Any])
            let files = try #require(filings["files"] as? [[String: Any]])
            let recent = try #require(filings["recent"] as? [String: [Any]])
            guard let file = files.first else { continue }
            paged += 1
            #expect(recent["form"]?.count == 1_000)
            let name = try #require(file["name"] as? String)
            #expect(name == "CIK\(EdgarHarness.padded(cik))-submissions-001.json")
            let page = try edgar.get("/submissions/\(name)")
            #expect(page.status == 200)
            let columns = try #require(try page.json as? [String: [Any]])
            #expect(columns.keys.sorted() == Self.filingColumns.sorted())
            let count = try #require(file["filingCount"] as? Int)
            for column in Self.filingColumns { #expect(columns[column]?.count == count, "\(column)") }
            let newestOnPage = (columns["filingDate"] as? [String])?.first ?? ""
            #expect(file["filingTo"] as? String == newestOnPage)
            #expect(newestOnPage <= (recent["filingDate"] as? [String])?.last ?? "")
            let beyond = "/submissions/CIK\(EdgarHarness.padded(cik))-submissions-\(String(format: "%03d", files.count + 1)).json"
            #expect(try edgar.get(beyond).status == 404)
        }
        #expect(paged > 0, "some companies have pages of older filings")
    }

    @Test func companyFactsHoldUSDSharesAndUSDPerShareAsExactDecimals() throws {
        let edgar = try EdgarHarness()
        let reply = try edgar.get("/api/xbrl/companyfacts/CIK0000320193.json")
        #expect(reply.status == 200)
        let document = try reply.json
        #expect(document["cik"] as? Int == 320193 && document["entityName"] as? String == "Apple Inc. (simulated)")
        let facts = try #require(document["facts"] as? [String: [String: [String: Any]]])
        let shares = try #require(facts["dei"]?["EntityCommonStockSharesOutstanding"]?["units"] as? [String: [[String: Any]]])
        #expect(shares["shares"]?.isEmpty == false)
        let revenues = try #require(facts["us-gaap"]?["Revenues"]?["units"] as? [String: [[String: Any]]])
        let usd = try #require(revenues["USD"])
        #expect(usd.allSatisfy { $0["start"] is String && $0["end"] is String && $0["val"] is Int })
        for key in ["accn", "fy", "fp", "form", "filed"] { #expect(usd.allSatisfy { $0[key] != nil }, "\(key)") }
        #expect(Set(usd.compactMap { $0["form"] as? String }) == ["10-K", "10-Q"])
        let eps = try #require(facts["us-gaap"]?["EarningsPerShareBasic"]?["units"] as? [String: [[String: Any]]])
        #expect(eps["USD/shares"]?.isEmpty == false)
        // The values are written as exact decimal text: at most two fraction digits, no exponent.
        let text = reply.text
        #expect(!text.contains("e+") && !text.contains("E+"))
        #expect(text.range(of: #""val":-?[0-9]+\.[0-9]{1,2},"#, options: .regularExpression) != nil)
        // Every fact's accession is one of the company's 10-K or 10-Q filings.
        let recent = try #require((try edgar.submissions(320193)["filings"] as? [String: Any])?["recent"] as? [String: [Any]])
        let periodic = Set(zip(recent["accessionNumber"] as? [String] ?? [], recent["form"] as? [String] ?? []).filter { $0.1.hasPrefix("10-") }.map(\.0))
        #expect(usd.suffix(20).allSatisfy { periodic.contains($0["accn"] as? String ?? "") })
    }

    @Test func aConceptDocumentHasItsShapeAndAConceptACompanyLacksIsANoSuchKey404() throws {
        let edgar = try EdgarHarness(symbols: (0..<12).map { "C\($0)" })
        var lacking = 0
        for cik in try edgar.listedCIKs() {
            let base = "/api/xbrl/companyconcept/CIK\(EdgarHarness.padded(cik))/us-gaap/"
            let revenues = try edgar.get(base + "Revenues.json")
            #expect(revenues.status == 200)
            let document = try revenues.json
            #expect(document["cik"] as? Int == cik && document["taxonomy"] as? String == "us-gaap" && document["tag"] as? String == "Revenues")
            #expect(document["label"] is String && document["description"] is String)
            #expect((document["entityName"] as? String)?.hasSuffix(" (simulated)") == true)
            #expect(((document["units"] as? [String: [Any]])?["USD"]?.isEmpty) == false)
            let payable = try edgar.get(base + "AccountsPayableCurrent.json")
            if payable.status == 404 {
                lacking += 1
                #expect(payable.text.contains("<Code>NoSuchKey</Code>"))
            } else {
                #expect(payable.status == 200)
            }
        }
        #expect(lacking > 0, "some companies lack AccountsPayableCurrent")
        #expect(try edgar.get("/api/xbrl/companyconcept/CIK0000320193/us-gaap/NoSuchConcept.json").status == 404)
        #expect(try edgar.get("/submissions/CIK0000000001.json").status == 404)
        #expect(try edgar.get("/submissions/CIK320193.json").status == 404, "EDGAR's paths have ten digits")
    }

    @Test func theSameSeedGivesTheSameDocumentsAndAnotherSeedOthers() throws {
        let first = try EdgarHarness(seed: 5)
        let second = try EdgarHarness(seed: 5)
        let other = try EdgarHarness(seed: 6)
        for path in ["/submissions/CIK0000320193.json", "/api/xbrl/companyfacts/CIK0001652044.json", "/files/company_tickers.json"] {
            let body = try first.get(path).body
            #expect(try second.get(path).body == body, "\(path)")
            if !path.hasPrefix("/files") { #expect(try other.get(path).body != body, "\(path)") }
        }
    }

    @Test func aRequestWithoutUserAgentIsRefused403SayingSo() throws {
        let edgar = try EdgarHarness()
        let refused = try edgar.get("/submissions/CIK0000320193.json", agent: nil)
        #expect(refused.status == 403)
        #expect(refused.text.contains("User-Agent"))
        #expect(try edgar.get("/files/company_tickers.json", agent: "").status == 403)
    }

    @Test func aClientPastTenRequestsASecondIsAnswered429() throws {
        let edgar = try EdgarHarness(requestsPerSecond: 10)
        let statuses = try (0..<15).map { _ in try edgar.get("/files/company_tickers.json").status }
        // A full bucket of 10 serves the first ones; a burst of 15 cannot all pass.
        #expect(statuses.first == 200)
        #expect(statuses.contains(429))
        #expect(Set(statuses).isSubset(of: [200, 429]))
    }

    @Test func aNewFilingAppearsFirstAcceptedAtTheWallClock() throws {
        let edgar = try EdgarHarness()
        let before = try #require((try edgar.submissions(320193)["filings"] as? [String: Any])?["recent"] as? [String: [Any]])
        let start = Date()
        var filers: [Int] = []
        // Two companies file each time: a bounded number of rounds reaches Apple.
        for _ in 0..<200 where !filers.contains(320193) { filers += edgar.venue.server.fileEdgarFilings() }
        let end = Date()
        #expect(filers.contains(320193))
        let after = try #require((try edgar.submissions(320193)["filings"] as? [String: Any])?["recent"] as? [String: [Any]])
        let accession = try #require((after["accessionNumber"] as? [String])?.first)
        #expect(!(before["accessionNumber"] as? [String] ?? []).contains(accession))
        #expect(["8-K", "4"].contains((after["form"] as? [String])?.first ?? ""))
        let accepted = try #require((after["acceptanceDateTime"] as? [String])?.first.flatMap { Timestamp(iso8601: $0) })
        #expect(accepted.nanoseconds >= Int64(start.timeIntervalSince1970.rounded(.down)) * 1_000_000_000)
        #expect(accepted.nanoseconds <= Int64(end.timeIntervalSince1970.rounded(.up)) * 1_000_000_000)
        for column in Self.filingColumns { #expect(after[column]?.count == after["form"]?.count, "\(column)") }
    }
}
