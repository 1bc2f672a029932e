import Alpaca
import APIClient
import CommandLineKit
import FoundationEssentials
import Lifecycle
import Recording
import StrategyKit
import SystemIO
import Wire

/// `tickwork data download SYMBOL... --from DATE --to DATE --out DIR`: Alpaca's historical
/// quotes and trades as one compact recording per symbol and trading day.
enum DataDownload {
    static let command = Command(
        name: "download",
        summary: "Download Alpaca's historical quotes and trades into one recording per symbol and trading day.",
        discussion: """
            Writes DIR/SYMBOL/YYYY-MM-DD.twrc for each trading day of Alpaca's calendar from \
            --from to --to (New York dates): the day's session in the header, each quote as a \
            one-level book and each trade as a trade record (with its conditions), in time \
            order, from the whole New York calendar day. Both quotes and trades unless \
            --quotes or --trades names one. Pages follow next_page_token under one request \
            budget for the whole process (--rate a minute; a 429 waits for X-Ratelimit-Reset \
            or Retry-After). Resumable: a day is written to NAME.twrc.partial and renamed \
            when complete, a day whose file exists is skipped, and a .partial left by a kill \
            is downloaded again from its start, to the same bytes. A progress line on a \
            terminal; --json prints a summary at the end. Bars are not written: a recording \
            has no bar record (a backtest builds bars from the trades).
            """,
        arguments: [symbols],
        options: [from, to, out, feed, quotes, trades, rate, pageSize] + ExchangeConnection.options,
        validate: { invocation throws(CLIError) in
            if invocation[Self.from] > invocation[Self.to] {
                throw .usage("--from: \(invocation[Self.from]) is after --to \(invocation[Self.to])")
            }
            if invocation[AlpacaConnection.api] == .stockfighter { throw .usage("--api: the StockFighter API has no history; use --api alpaca") }
        },
        run: run
    )

    static let symbols: Argument<[Symbol]> = .oneOrMore("SYMBOL...", help: "The stocks, e.g. AAPL MSFT.", parse: .name())
    static let from: Option<String> = .required(
        "--from", "TIME", help: "The first trading day: 2026-11-02, today, yesterday or 7d (the date of the time, UTC).", parse: date)
    static let to: Option<String> = .required("--to", "TIME", help: "The last trading day, in the forms of --from.", parse: date)
    static let out: Option<String> = .required(
        "--out", "DIR", help: "Where the SYMBOL/YYYY-MM-DD.twrc files go.", parse: .text)
    static let feed: Option<AlpacaFeed?> = .optional(
        "--feed", "FEED", help: "iex (the free plan's), sip or delayed_sip (default: the account's).",
        parse: ValueParser { text throws(ValueError) in
            guard let feed = AlpacaFeed(rawValue: text) else { throw .expected("iex, sip or delayed_sip") }
            return feed
        })
    static let quotes: Option<Bool> = .flag("--quotes", help: "Download the quotes (with --trades: both, the default).")
    static let trades: Option<Bool> = .flag("--trades", help: "Download the trades (with --quotes: both, the default).")
    static let rate: Option<Int64> = .defaulted(
        "--rate", "N", default: 200, help: "Requests a minute, for the whole process (default 200, Alpaca's free plan).",
        parse: .integer(in: 1...100_000))
    static let pageSize: Option<Int64> = .defaulted(
        "--page-size", "N", default: 10_000, help: "Records a request, 1...10000 (default 10000, Alpaca's most).",
        parse: .integer(in: 1...10_000))

    /// A trading day: the date a time option's value names (`HistoryTime`), e.g. `2026-11-02`, or
    /// the UTC date of `today`, `yesterday` or `7d`.
    static let date = ValueParser<String> { text throws(ValueError) in
        if text.count == 10 {
            guard DayRecordings.isDate(text) else { throw .expected("a date YYYY-MM-DD, today, yesterday or a number of days such as 7d") }
            return text
        }
        return String(try HistoryTime.parser.parse(text).iso8601.prefix(10))
    }

    /// How a download retries: a 429's wait and a lost connection are ridden out for minutes,
    /// not seconds, since a long download should not stop for a passing fault.
    static let policy = RetryPolicy(
        attemptTimeout: .seconds(30), maxAttempts: 10, initialBackoff: .milliseconds(500), maxBackoff: .seconds(30), totalBudget: .seconds(600))

    static func run(_ invocation: Invocation) throws -> Int32 {
        let requests = Int(invocation[Self.rate])
        let limiter = RateLimiter(count: requests, per: .seconds(60), burst: max(1, requests / 20))
        let connection = try AlpacaConnection.alpacaOnly(invocation, policy: policy, rateLimiter: limiter)
        let symbols = invocation[Self.symbols], directory = invocation[Self.out]
        let both = invocation[Self.quotes] == invocation[Self.trades]
        let first = invocation[Self.from], last = invocation[Self.to]
        let days = try connection.call { client throws(AlpacaError) in try await client.calendar(start: first, end: last) }
        for symbol in symbols {
            do throws(SystemCallError) {
                // Readable as the recordings in them are (0644): history is data to share.
                try DurableFile.makeDirectories("\(directory)/\(symbol.rawValue)", mode: 0o755)
            } catch {
                throw CLIError.failure("\(directory)/\(symbol.rawValue): \(error)")
            }
        }
        let client = connection.client, venue = connection.venue
        let feed = invocation[Self.feed], pageSize = Int(invocation[Self.pageSize])
        let quotes = both || invocation[Self.quotes], trades = both || invocation[Self.trades]
        let summary = try runBlocking { () async throws -> Summary in
            let progress = DownloadProgress(symbols: symbols.count, days: symbols.count * days.count)
            defer { progress.clear() }
            for symbol in symbols {
                for day in days {
                    let path = DayDownload.path(in: directory, symbol, day.date)
                    if FileManager.default.fileExists(atPath: path) {
                        progress.skippedDay()
                        continue
                    }
                    progress.starting("\(symbol.rawValue) \(day.date)")
                    let download = DayDownload(
                        client: client, symbol: symbol, day: day, venue: venue, feed: feed, quotes: quotes, trades: trades, pageSize: pageSize)
                    let bytes = try await download.run(into: path) { progress.wrote(records: $0) }
                    progress.finished(bytes: bytes)
                }
            }
            return Summary(
                symbols: symbols.map(\.rawValue), days: days.map(\.date), downloaded: progress.downloaded, skipped: progress.skipped,
                records: progress.records, bytes: progress.bytes, seconds: progress.elapsed.seconds, rateWaitSeconds: limiter.waited.seconds)
        }
        if connection.json { Console.out(try JSONOutput.encode(summary)) }
        return 0
    }

    /// The `--json` summary.
    struct Summary: Encodable, Sendable {
        var symbols: [String]
        /// The trading days the calendar gave.
        var days: [String]
        /// Symbol-days written now, and those whose file was already there.
        var downloaded: Int
        var skipped: Int
        var records: Int
        var bytes: Int
        var seconds: Double
        /// The time requests waited for the rate budget.
        var rateWaitSeconds: Double
    }
}
