import Alpaca
import Brokerage
import CommandLineKit
import Dispatch
import FoundationEssentials
import Lifecycle
import Live
import Recording
import StockFighter
import StrategyKit
import Trading

#if canImport(Glibc)
import Glibc
#endif

/// `tickwork record`: polls the symbols' books and last trades and writes a `books` recording.
enum Record {
    static let command = Command(
        name: "record",
        summary: "Record symbols' order books and trades from an exchange, for backtests.",
        discussion: """
            Polls the book and the last trade of each SYMBOL every --interval from the \
            configured exchange (or --base-url) and appends each book, with the exchange's time \
            and the time it was received, and each new trade to --out: compact if the name ends \
            in .twrc, binary if it ends in .twrb, else JSON Lines. A book no newer than the last \
            one of its symbol is left out (a backtest would drop it). On StockFighter the trade is \
            the quote's last (last, lastSize, lastTrade), one request more per symbol; with --api \
            alpaca (or an Alpaca configuration) the books are the latest quotes (one level a \
            side) and the trades the latest trades, one request each per poll for every symbol, \
            at least 600ms apart to stay within Alpaca's 200 requests a minute. \
            With --stream it records what the venue's push stream delivers instead of polling \
            (StockFighter: the venue's tickertape; any broker that streams): each quote's book \
            and each new last trade, with the venue's time and the time received; a lost stream \
            is a line on stderr and a reconnection with back-off, and a gap in the recording. \
            Stops on SIGINT or SIGTERM, or after --duration, and closes the file; \
            a recorder that is killed leaves a file whose last line at most is lost. A poll that \
            fails is reported on stderr and the next one goes on.
            """,
        arguments: [symbols],
        options: [
            SymbolArgument.deprecatedOption, out, config, AlpacaConnection.api, ExchangeConnection.baseURL, ExchangeConnection.venue,
            ExchangeConnection.account, interval, duration, json, stream,
        ],
        subcommands: [RecordConvert.command],
        validate: { invocation throws(CLIError) in
            guard try !SymbolArgument.values(invocation, symbols).isEmpty else { throw .usage("missing argument SYMBOL") }
        },
        run: run, earlySignals: [SIGTERM, SIGINT]
    )

    static let symbols = SymbolArgument.list(help: "The stocks whose books and trades to record (at least one).")
    /// Alpaca allows 200 requests a minute; a poll asks twice (the quotes and the trades of every
    /// symbol).
    static let alpacaInterval: Duration = .milliseconds(600)
    static let json: Option<Bool> = .flag("--json", help: "Print what was recorded as JSON.")
    static let out: Option<String> = .required(
        "--out", "FILE", help: "The recording to write (.twrc: compact; .twrb: binary; otherwise JSON Lines).", parse: .text)
    static let config: Option<String?> = .optional(
        "--config", "FILE", help: "The configuration naming the exchange and venue (default: $TICKWORK_CONFIG, else the installed one, else the embedded one).")
    static let interval: Option<Duration> = .defaulted(
        "--interval", "DURATION", default: .milliseconds(250), help: "Time between polls (default 250ms).",
        parse: .duration(in: .milliseconds(1) ... .seconds(3_600), bareNumberIn: .milliseconds))
    static let stream: Option<Bool> = .flag("--stream", help: "Record the venue's push stream rather than polling (--interval is then unused).")
    static let duration: Option<Duration?> = .optional(
        "--duration", "DURATION", help: "Stop after this long (e.g. 30s, 2h).",
        parse: .duration(in: .seconds(1) ... .seconds(31_536_000), bareNumberIn: .seconds))

    static func run(_ invocation: Invocation) throws -> Int32 {
        let symbols = try SymbolArgument.values(invocation, Self.symbols)
        let out = invocation[Self.out]
        var interval = invocation[Self.interval]
        let duration = invocation[Self.duration]
        let (broker, venue): (any Broker, Venue)
        if let alpaca = try AlpacaConnection.selected(invocation) {
            do {
                _ = try runBlocking { try await alpaca.client.clock() }
            } catch {
                throw CLIError.failure("\(alpaca.endpoint) is not answering: \(error)")
            }
            (broker, venue) = (alpaca.broker(symbols: symbols), alpaca.venue)
            interval = max(interval, alpacaInterval)
        } else {
            (broker, venue) = try stockFighter(invocation, streaming: invocation[Self.stream])
        }
        let writer = try RecordingWriter(
            path: out, header: RecordingHeader(venue: venue, symbols: symbols, producer: "tickwork record \(Tickwork.version)"),
            format: RecordingFormat(fileName: out))
        let books: Int, trades: Int, failures: Int
        if invocation[Self.stream] {
            let recorder = StreamRecorder(broker: broker, venue: venue, symbols: symbols, writer: writer, duration: duration)
            if let error = try runBlocking({ await ServiceGroup([.init("recorder", recorder)]).run() }).error(of: "recorder") {
                throw error
            }
            (books, trades, failures) = (recorder.counts.books, recorder.counts.trades, 0)
        } else {
            let poller = BookPoller(broker: broker, venue: venue, symbols: symbols, writer: writer, interval: interval, duration: duration)
            if let error = try runBlocking({ await ServiceGroup([.init("poller", poller)]).run() }).error(of: "poller") {
                throw error
            }
            (books, trades, failures) = poller.counts
        }
        try writer.close()
        let names = symbols.map(\.rawValue)
        if invocation[Self.json] {
            Console.out(try JSONOutput.encode(Recorded(
                symbols: names, venue: venue.rawValue, file: out, books: books, trades: trades, failedPolls: failures)))
        } else {
            Console.out(
                "recorded \(books) books and \(trades) trades of \(names.joined(separator: ", ")) on \(venue) to \(out)"
                    + (failures > 0 ? " (\(failures) polls failed)" : ""))
        }
        return 0
    }

    /// The StockFighter exchange of the configuration (or `--base-url`), once its venue answers;
    /// `streaming`: its broker opens the venue's feeds.
    private static func stockFighter(_ invocation: Invocation, streaming: Bool) throws -> (any Broker, Venue) {
        var configuration = try DefaultConfiguration.load(invocation[Self.config])
        if let venue = invocation[ExchangeConnection.venue] { configuration.exchange.venue = venue }
        if let account = invocation[ExchangeConnection.account] { configuration.exchange.account = account }
        let baseURL = invocation[ExchangeConnection.baseURL] ?? configuration.exchange.baseURL ?? ExchangeConnection.defaultBaseURL
        let logger = Logger(part: "exchange", level: .warning, handler: StderrLogHandler(style: .text))
        let client = try ExchangeClientFactory.make(baseURL: baseURL, configuration: configuration, keyOptional: true, logger: logger)
        let venue = configuration.exchange.venue
        do {
            _ = try runBlocking { try await client.heartbeat(venue: venue) }
        } catch {
            throw CLIError.failure("exchange \(baseURL): venue \(venue) is not answering: \(error)")
        }
        let stream = streaming ? try ExchangeClientFactory.streamEndpoint(baseURL: baseURL, configuration: configuration, keyOptional: true) : nil
        return (StockFighterBroker(client: client, account: configuration.exchange.account, stream: stream), venue)
    }

    /// What `--json` prints.
    struct Recorded: Encodable {
        var symbols: [String]
        var venue: String
        var file: String
        var books: Int
        var trades: Int
        var failedPolls: Int
    }
}
