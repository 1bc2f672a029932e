import CommandLineKit
import Edgar
import FoundationEssentials
import History
import Lifecycle
import Wire

/// `tickwork facts TICKER`: the numbers a company reported to SEC EDGAR in XBRL, fetched into
/// the history database and listed from it.
enum FactsCommand {
    static let command = Command(
        name: "facts",
        summary: "Fetch a company's reported numbers (SEC EDGAR's XBRL facts) into the history and list them.",
        discussion: """
            Fetches every fact the company reported (EDGAR's company facts), or with --concept \
            that one concept alone (a concept the company does not report says so, exit 1), \
            stores them in the history database (a fact once, however often it is fetched) and \
            lists them from it: concept, unit, period (start..end, or the instant), value, form \
            and filing day, by concept and then period. A value is the exact decimal EDGAR \
            wrote (6.11, 391035000000), never rounded; --json and --csv print the history's \
            columns. --offline reads the database alone. The User-Agent and hosts are taken as \
            'tickwork filings' takes them.
            """,
        arguments: [ticker],
        options: HistoryCommand.common + EdgarConnection.options + [concept, taxonomy, limit, EdgarOptions.offline] + HistoryOptions.output,
        validate: EdgarOptions.validate,
        run: run
    )

    static let ticker: Argument<String> = .required("TICKER", help: "The company's ticker, e.g. AAPL.", parse: EdgarOptions.ticker)
    static let concept: Option<String?> = .optional(
        "--concept", "NAME", help: "Only this concept, e.g. EarningsPerShareBasic (fetched alone).", parse: word("a concept such as EarningsPerShareBasic"))
    static let taxonomy: Option<String?> = .optional(
        "--taxonomy", "NAME", help: "Only this taxonomy's facts, e.g. dei (default: us-gaap with --concept, every one without).",
        parse: word("a taxonomy such as us-gaap"))
    static let limit: Option<Int64?> = .optional(
        "--limit", "N", help: "At most the N latest periods of each concept and unit.", parse: .integer(in: 1...100_000_000))

    /// Letters, digits, `-` and `_`: a name that goes into a URL's path as it is.
    private static func word(_ expected: String) -> ValueParser<String> {
        ValueParser { text throws(ValueError) in
            guard !text.isEmpty, text.count <= 200,
                text.unicodeScalars.allSatisfy({ ("0"..."9").contains($0) || ("a"..."z").contains($0) || ("A"..."Z").contains($0) || $0 == "-" || $0 == "_" })
            else { throw .expected(expected) }
            return text
        }
    }

    static func run(_ invocation: Invocation) throws -> Int32 {
        let asked = invocation[ticker]
        let taxonomy = invocation[Self.taxonomy] ?? (invocation[concept] == nil ? nil : "us-gaap")
        guard let (client, database) = try EdgarOptions.open(invocation) else { return 64 }
        if let client {
            let concept = invocation[concept]
            let fetched = try runBlocking { () async throws -> (CompanyTicker, CompanyFacts) in
                let list = try await client.companyTickers()
                guard let listed = list.company(asked) else { throw CLIError.failure("\(EdgarError.notListed(ticker: asked))") }
                do throws(EdgarError) {
                    if let concept {
                        return (listed, try await client.companyConcept(listed.cik, concept: concept, taxonomy: taxonomy ?? "us-gaap"))
                    }
                    return (listed, try await client.companyFacts(listed.cik))
                } catch {
                    guard case .notFound = error, let concept else { throw error }
                    throw CLIError.failure("\(asked) reports no \(taxonomy ?? "us-gaap"):\(concept) (\(error))")
                }
            }
            try EdgarHistory.store(fetched.1, listed: fetched.0, in: database, now: WallClock.now())
        }
        var rows = try database.facts(of: .ticker(asked), concept: invocation[concept])
        if let taxonomy { rows.removeAll { $0.taxonomy != taxonomy } }
        if let limit = invocation[limit] { rows = latest(rows, Int(limit)) }
        guard !rows.isEmpty else {
            Console.err("tickwork: no facts of \(asked)\(invocation[concept].map { " for \($0)" } ?? "") in \(database.path)")
            return 1
        }
        let format = HistoryOptions.format(invocation)
        guard format == .table else {
            Console.out(HistoryOutput.render(rows, format: format), terminator: "")
            return 0
        }
        let table = rows.map { fact in
            [fact.concept, fact.unit, fact.periodStart.map { "\($0)..\(fact.periodEnd)" } ?? fact.periodEnd, fact.value, fact.form, fact.filed]
        }
        Console.out(TextTable.render([["CONCEPT", "UNIT", "PERIOD", "VALUE", "FORM", "FILED"]] + table, rightAligned: [3]), terminator: "")
        return 0
    }

    /// The last `count` rows of each concept, taxonomy and unit: in the history's order (by
    /// period), its latest periods.
    static func latest(_ rows: [HistoryFact], _ count: Int) -> [HistoryFact] {
        var kept: [HistoryFact] = []
        var start = 0
        while start < rows.count {
            var end = start
            while end < rows.count, (rows[end].concept, rows[end].taxonomy, rows[end].unit) == (rows[start].concept, rows[start].taxonomy, rows[start].unit) {
                end += 1
            }
            kept += rows[max(start, end - count)..<end]
            start = end
        }
        return kept
    }
}
