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

/// `tickwork record`: polls one symbol's order book and writes a `books` recording.
enum Record {
    static let command = Command(
        name: "record",
        summary: "Record one symbol's order book from an exchange, for backtests.",
        discussion: """
            Polls the book of SYMBOL every --interval from the configured \
            exchange (or --base-url) and appends each snapshot, with the exchange's time and \
            the time it was received, to --out: compact if the name ends in .twrc, binary if \
            it ends in .twrb, else JSON Lines. Stops on SIGINT or SIGTERM, or after --duration, and closes the file; \
            a recorder that is killed leaves a file whose last line at most is lost. A poll that \
            fails is reported on stderr and the next one goes on.
            """,
        arguments: [symbol],
        options: [
            SymbolArgument.deprecatedOption, out, config, ExchangeConnection.baseURL, ExchangeConnection.venue, ExchangeConnection.account, interval, duration,
            json,
        ],
        subcommands: [RecordConvert.command],
        validate: { invocation throws(CLIError) in
            guard try SymbolArgument.value(invocation, symbol) != nil else { throw .usage("missing argument SYMBOL") }
        },
        run: run, earlySignals: [SIGTERM, SIGINT]
    )

    static let symbol = SymbolArgument.optional(help: "The stock whose book to record (required).")
    static let json: Option<Bool> = .flag("--json", help: "Print what was recorded as JSON.")
    static let out: Option<String> = .required(
        "--out", "FILE", help: "The recording to write (.twrc: compact; .twrb: binary; otherwise JSON Lines).", parse: .text)
    static let config: Option<String?> = .optional(
        "--config", "FILE", help: "The configuration naming the exchange and venue (default: $TICKWORK_CONFIG, else the installed one, else the embedded one).")
    static let interval: Option<Duration> = .defaulted(
        "--interval", "DURATION", default: .milliseconds(250), help: "Time between polls (default 250ms).",
        parse: .duration(in: .milliseconds(1) ... .seconds(3_600), bareNumberIn: .milliseconds))
    static let duration: Option<Duration?> = .optional(
        "--duration", "DURATION", help: "Stop after this long (e.g. 30s, 2h).",
        parse: .duration(in: .seconds(1) ... .seconds(31_536_000), bareNumberIn: .seconds))

    static func run(_ invocation: Invocation) throws -> Int32 {
        guard let symbol = try SymbolArgument.value(invocation, Self.symbol) else { preconditionFailure("validate requires SYMBOL") }
        let out = invocation[Self.out]
        let interval = invocation[Self.interval]
        let duration = invocation[Self.duration]
        var configuration = try DefaultConfiguration.load(invocation[Self.config])
        if let venue = invocation[ExchangeConnection.venue] { configuration.exchange.venue = venue }
        let baseURL = invocation[ExchangeConnection.baseURL] ?? configuration.exchange.baseURL ?? ExchangeConnection.defaultBaseURL
        let logger = Logger(part: "exchange", level: .warning, handler: StderrLogHandler(style: .text))
        let client = try ExchangeClientFactory.make(baseURL: baseURL, configuration: configuration, keyOptional: true, logger: logger)
        let venue = configuration.exchange.venue
        do {
            _ = try runBlocking { try await client.heartbeat(venue: venue) }
        } catch {
            throw CLIError.failure("exchange \(baseURL): venue \(venue) is not answering: \(error)")
        }
        let writer = try RecordingWriter(
            path: out, header: RecordingHeader(venue: venue, symbols: [symbol], producer: "tickwork record \(Tickwork.version)"),
            format: RecordingFormat(fileName: out))
        let poller = BookPoller(
            client: client, venue: venue, symbol: symbol, writer: writer, interval: interval,
            duration: duration)
        let group = ServiceGroup([.init("poller", poller)])
        if let error = try runBlocking({ await group.run() }).error(of: "poller") {
            throw error
        }
        let (books, failures) = poller.counts
        try writer.close()
        if invocation[Self.json] {
            Console.out(try JSONOutput.encode(Recorded(symbol: symbol.rawValue, venue: venue.rawValue, file: out, books: books, failedPolls: failures)))
        } else {
            Console.out("recorded \(books) books of \(symbol) on \(venue) to \(out)\(failures > 0 ? " (\(failures) polls failed)" : "")")
        }
        return 0
    }

    /// What `--json` prints.
    struct Recorded: Encodable {
        var symbol: String
        var venue: String
        var file: String
        var books: Int
        var failedPolls: Int
    }
}
