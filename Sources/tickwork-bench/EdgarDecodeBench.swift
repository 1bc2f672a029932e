import Edgar
import Foundation
import Wire

/// How fast EDGAR's two big documents decode with the byte-level reader: a generated ~1 MB
/// submissions document (6,300 filings in parallel columns, with the fields a reader
/// skips) and a ~5 MB company facts document (36,300 facts over 300 concepts in USD,
/// shares and USD/shares). MB/s of thread CPU time, so another process's load does not count;
/// the goal is 200 MB/s.
enum EdgarDecodeBench {
    static func run() throws {
        let context = EdgarDecodeContext(siteBaseURL: "https://www.sec.gov")
        let submissions = makeSubmissions(filings: 6_300)
        try measure("edgar.submissions_decode", submissions, iterations: 40) { body in
            try GetSubmissions(cik: CIK(320193)!).decode(body, context: context).filings.count
        }
        let facts = makeCompanyFacts(concepts: 300, entriesPerUnit: 121)
        try measure("edgar.companyfacts_decode", facts, iterations: 8) { body in
            try GetCompanyFacts(cik: CIK(320193)!).decode(body, context: context).facts.count
        }
    }

    private static func measure(_ name: String, _ body: [UInt8], iterations: Int, _ decode: (UnsafeRawBufferPointer) throws -> Int) throws {
        var items = 0
        _ = try body.withUnsafeBytes(decode)
        let start = threadCPUNanoseconds()
        for _ in 0..<iterations { items += try body.withUnsafeBytes(decode) }
        let seconds = Double(threadCPUNanoseconds() - start) / 1e9
        let inputs = ["bodyBytes": "\(body.count)", "iterations": "\(iterations)", "itemsPerDocument": "\(items / iterations)"]
        Figure(name: name, unit: "MB/s", value: (Double(body.count * iterations) / seconds / 1e6).rounded(), inputs: inputs).print()
    }

    private static func column(_ name: String, _ count: Int, _ value: (Int) -> String) -> String {
        "\"\(name)\":[\((0..<count).map(value).joined(separator: ","))]"
    }

    static func makeSubmissions(filings count: Int) -> [UInt8] {
        let forms = ["8-K", "10-Q", "4", "10-K", "SC 13G/A", "424B2"]
        func day(_ index: Int) -> String { "20\(String(format: "%02d", 24 - index / 365 % 24))-\(String(format: "%02d", 1 + index % 12))-\(String(format: "%02d", 1 + index % 28))" }
        let columns = [
            column("accessionNumber", count) { "\"0000320193-\(String(format: "%02d", 24 - $0 % 24))-\(String(format: "%06d", $0))\"" },
            column("filingDate", count) { "\"\(day($0))\"" },
            column("reportDate", count) { $0 % 3 == 2 ? "\"\"" : "\"\(day($0 + 3))\"" },
            column("acceptanceDateTime", count) { "\"\(day($0))T16:30:\(String(format: "%02d", $0 % 60)).000Z\"" },
            column("act", count) { $0 % 3 == 2 ? "\"\"" : "\"34\"" },
            column("form", count) { "\"\(forms[$0 % forms.count])\"" },
            column("fileNumber", count) { _ in "\"001-36743\"" },
            column("filmNumber", count) { "\"24\(String(format: "%07d", $0))\"" },
            column("items", count) { $0 % 6 == 0 ? "\"2.02,9.01\"" : "\"\"" },
            column("core_type", count) { "\"\(forms[$0 % forms.count])\"" },
            column("size", count) { "\(4_000 + $0 * 37 % 900_000)" },
            column("isXBRL", count) { "\($0 % 2)" },
            column("isInlineXBRL", count) { "\($0 % 2)" },
            column("primaryDocument", count) { "\"aapl-2024\(String(format: "%04d", $0 % 10_000)).htm\"" },
            column("primaryDocDescription", count) { "\"\(forms[$0 % forms.count])\"" },
        ]
        let text = """
            {"cik":"0000320193","entityType":"operating","sic":"3571","sicDescription":"Electronic Computers","name":"Apple Inc.",\
            "tickers":["AAPL"],"exchanges":["Nasdaq"],"ein":"942404110","description":"","website":"","fiscalYearEnd":"0926",\
            "addresses":{"mailing":{"street1":"ONE APPLE PARK WAY","city":"CUPERTINO"}},"phone":"(408) 996-1010",\
            "filings":{"recent":{\(columns.joined(separator: ","))},\
            "files":[{"name":"CIK0000320193-submissions-001.json","filingCount":1234,"filingFrom":"1994-01-26","filingTo":"2014-01-01"}]}}
            """
        return Array(text.utf8)
    }

    static func makeCompanyFacts(concepts: Int, entriesPerUnit: Int) -> [UInt8] {
        let units = ["USD", "shares", "USD/shares"]
        var conceptTexts: [String] = []
        for concept in 0..<concepts {
            let unit = units[concept % units.count]
            let entries = (0..<entriesPerUnit).map { index -> String in
                let year = 2009 + index / 4
                let value = unit == "USD/shares" ? "\(index % 9).\(10 + index % 90)" : "\(1_000_000 + concept * 7_919 + index * 104_729)"
                let start = concept % 2 == 0 ? "\"start\":\"\(year)-01-01\"," : ""
                let frame = index % 3 == 0 ? ",\"frame\":\"CY\(year)Q\(1 + index % 4)\"" : ""
                return "{\(start)\"end\":\"\(year)-\(String(format: "%02d", 3 * (1 + index % 4)))-30\",\"val\":\(value),\"accn\":\"0000320193-\(String(format: "%02d", year % 100))-\(String(format: "%06d", index))\",\"fy\":\(year),\"fp\":\"Q\(1 + index % 4)\",\"form\":\"10-Q\",\"filed\":\"\(year)-\(String(format: "%02d", 3 * (1 + index % 4)))-28\"\(frame)}"
            }
            conceptTexts.append("\"Concept\(concept)Amount\":{\"label\":\"Concept \(concept) amount\",\"description\":\"What concept \(concept) measures, in a sentence or two of EDGAR's prose.\",\"units\":{\"\(unit)\":[\(entries.joined(separator: ","))]}}")
        }
        let text = "{\"cik\":320193,\"entityName\":\"Apple Inc.\",\"facts\":{\"us-gaap\":{\(conceptTexts.joined(separator: ","))}}}"
        return Array(text.utf8)
    }
}
