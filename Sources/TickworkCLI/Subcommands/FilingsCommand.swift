import APIClient
import CommandLineKit
import Edgar
import FoundationEssentials
import History
import Lifecycle
import StrategyKit
import Wire

/// `tickwork filings TICKER...`: companies' SEC EDGAR filings, fetched as one chain into the
/// history database and listed from it.
enum FilingsCommand {
    static let command = Command(
        name: "filings",
        summary: "Fetch companies' SEC EDGAR filings into the history and list them, newest first.",
        discussion: """
            One chain of requests: EDGAR's company list (kept a day in the state directory as \
            edgar-tickers.json), then each company's submissions, then the older pages --pages \
            asks for. A failed step is one line on stderr naming the step and why, and the \
            chain goes on with the next company; the exit status is 1 only when every step \
            failed. What came back is stored in the history database (a filing once, however \
            often it is fetched), and the listing is read from it with the filters: accepted \
            time (UTC), ticker, form, an 8-K's items, the primary document and its URL. \
            --offline reads the database alone. EDGAR requires a User-Agent with a contact \
            e-mail address (--user-agent, edgar.userAgent of the configuration, else \
            $TICKWORK_EDGAR_USER_AGENT); without one nothing is sent (exit 64). --json prints \
            the chain's steps (description, outcome, duration) and the filings. Against \
            'tickwork exchange' give its URL as --site-url and --data-url.
            """,
        arguments: [tickers],
        options: HistoryCommand.common + EdgarConnection.options + [forms, since, limit, pages, EdgarOptions.offline] + HistoryOptions.output,
        validate: EdgarOptions.validate,
        run: run
    )

    static let tickers: Argument<[String]> = .oneOrMore("TICKER", help: "The companies' tickers, e.g. AAPL MSFT BRK.B.", parse: EdgarOptions.ticker)
    static let forms: Option<[String]?> = .optional(
        "--form", "FORMS", help: "Only these forms, comma-separated, e.g. 8-K,10-Q.",
        parse: ValueParser { text throws(ValueError) in
            let forms = text.split(separator: ",").map { String($0).trimmingWhitespace.uppercased() }.filter { !$0.isEmpty }
            guard !forms.isEmpty else { throw .expected("forms such as 8-K,10-Q") }
            return forms
        })
    static let since: Option<Timestamp?> = .optional(
        "--since", "TIME", help: "Only filings accepted from this time: Nd (N days ago, e.g. 30d), an ISO date or time, today or yesterday.",
        parse: HistoryTime.parser)
    static let limit: Option<Int64> = .defaulted(
        "--limit", "N", default: 20, help: "At most N filings, the newest (default 20).", parse: .integer(in: 1...100_000_000))
    static let pages: Option<Int64> = .defaulted(
        "--pages", "N", default: 0, help: "Also fetch each company's N newest older pages of filings (default 0: the recent ones only).",
        parse: .integer(in: 0...100))

    static func run(_ invocation: Invocation) throws -> Int32 {
        let asked = invocation[tickers]
        let format = HistoryOptions.format(invocation)
        var steps: [FilingsOutput.Step] = []
        var everyStepFailed = false
        guard let (client, database) = try EdgarOptions.open(invocation) else { return 64 }
        if let client {
            let report = try fetch(asked, pages: Int(invocation[pages]), client: client, progress: format == .table && Console.stderrIsTerminal)
            let new = try EdgarHistory.store(report.companies, in: database, now: WallClock.now())
            if Console.stderrIsTerminal { Console.err("tickwork: \(new.count) new filing\(new.count == 1 ? "" : "s") stored in \(database.path)") }
            steps = report.steps.map(FilingsOutput.Step.init)
            everyStepFailed = report.steps.allSatisfy { if case .failure = $0.outcome { true } else { false } }
        }
        let filter = HistoryFilingFilter(forms: invocation[forms] ?? [], since: invocation[since], limit: Int(invocation[limit]))
        let rows = try stored(asked, filter: filter, in: database, sayMissing: invocation[EdgarOptions.offline])
        Console.out(FilingsOutput.render(rows, steps: steps, format: format), terminator: "")
        return everyStepFailed ? 1 : 0
    }

    /// Runs the chain for `tickers`, each failed step a line on stderr as it finishes, and a
    /// progress line redrawn on stderr while `progress`.
    static func fetch(_ tickers: [String], pages: Int, client: EdgarClient, progress: Bool) throws -> FilingsReport {
        let report = try runBlocking {
            await client.filings(tickers: tickers, olderPages: pages) { step in
                if progress { Console.status("") }
                if case .failure(let error) = step.outcome { Console.err("tickwork: step \(step.index + 1), \(step.description): \(error)") }
                if progress { Console.status("EDGAR: \(step.description)") }
            }
        }
        if progress { Console.status("") }
        return report
    }

    /// The filings `filter` selects of the companies `tickers` name, newest first, at most
    /// `filter.limit` of them in all; each row names the ticker it was asked by. Under
    /// `sayMissing`, a ticker of no company the history holds is a line on stderr.
    static func stored(
        _ tickers: [String], filter: HistoryFilingFilter, in database: HistoryDatabase, sayMissing: Bool
    ) throws -> [FilingsOutput.Row] {
        var rows: [FilingsOutput.Row] = []
        var seen = Set<String>()
        for ticker in tickers {
            var filter = filter
            filter.company = .ticker(ticker)
            if sayMissing, try database.company(.ticker(ticker)) == nil {
                Console.err("tickwork: \(ticker): no company of this ticker in \(database.path); run without --offline to fetch it")
            }
            for filing in try database.filings(filter) where seen.insert(filing.accession).inserted {
                rows.append(FilingsOutput.Row(ticker: ticker, filing: filing))
            }
        }
        rows.sort { ($0.filing.accepted, $0.filing.accession) > ($1.filing.accepted, $1.filing.accession) }
        return Array(rows.prefix(filter.limit ?? rows.count))
    }
}
