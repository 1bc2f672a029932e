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
            Polls the book of --symbol every --interval milliseconds from the configured \
            exchange (or --base-url) and appends each snapshot, with the exchange's time and \
            the time it was received, to --out: compact if the name ends in .twrc, binary if \
            it ends in .twrb, else JSON Lines. Stops on SIGINT or SIGTERM, or after --duration seconds, and closes the file; \
            a recorder that is killed leaves a file whose last line at most is lost. A poll that \
            fails is reported on stderr and the next one goes on.
            """,
        options: [
            symbol, out, config, ExchangeConnection.baseURL, ExchangeConnection.venue, ExchangeConnection.account, interval, duration,
            DefaultConfiguration.verbose,
        ],
        subcommands: [RecordConvert.command],
        run: run, earlySignals: [SIGTERM, SIGINT]
    )

    static let symbol: Option<Symbol> = .required("--symbol", "SYMBOL", help: "The stock whose book to record.", parse: .name())
    static let out: Option<String> = .required(
        "--out", "FILE", help: "The recording to write (.twrc: compact; .twrb: binary; otherwise JSON Lines).", parse: .text)
    static let config: Option<String?> = .optional(
        "--config", "FILE", help: "The configuration naming the exchange and venue (default: the embedded one).")
    static let interval: Option<Int64> = .defaulted(
        "--interval", "MS", default: 250, help: "Milliseconds between polls (default 250).", parse: .integer(in: 1...3_600_000))
    static let duration: Option<Int64?> = .optional(
        "--duration", "SECONDS", help: "Stop after this many seconds.", parse: .integer(in: 1...31_536_000))

    static func run(_ invocation: Invocation) throws -> Int32 {
        let symbol = invocation[Self.symbol]
        let out = invocation[Self.out]
        let interval = invocation[Self.interval]
        let duration = invocation[Self.duration]
        var configuration = try DefaultConfiguration.load(invocation[Self.config], verbose: invocation[DefaultConfiguration.verbose])
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
            client: client, venue: venue, symbol: symbol, writer: writer, interval: .milliseconds(interval),
            duration: duration.map { .seconds($0) })
        let group = ServiceGroup([.init("poller", poller)])
        if let error = try runBlocking({ await group.run() }).error(of: "poller") {
            throw error
        }
        let (books, failures) = poller.counts
        try writer.close()
        Console.out("recorded \(books) books of \(symbol) on \(venue) to \(out)\(failures > 0 ? " (\(failures) polls failed)" : "")")
        return 0
    }
}
