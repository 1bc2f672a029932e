import Dispatch
import Engine
import HTTP
import StrategyKit
import Venue

#if canImport(Glibc)
import Glibc
#endif

/// `tickwork exchange`: serve the simulated StockFighter exchange.
enum ExchangeServe {
    static let command = Command(
        name: "exchange",
        summary: "Serve the simulated StockFighter exchange on loopback.",
        discussion: """
            Serves the StockFighter API (endpoints 1-10) for TESTEX/FOOBAR and any --venue and \
            --symbols given, on 127.0.0.1 unless --listen says otherwise; port 0 picks a free \
            port. Prints one line per listening address. Without --accounts any key may trade \
            any account; with it (a JSON object of account to API key, one key per account) \
            orders need the account's key. With --bots, seeded market makers and takers trade \
            every symbol from their own accounts, so books move and trades happen. Order ids \
            start at the microseconds since the Unix epoch at start, so a restarted exchange \
            never repeats an id an earlier run gave (unless that run averaged over a million \
            orders a second or the clock was set back). Closed orders, with their fills, stay \
            in memory for status lookups and account lists until --keep-closed more orders of \
            their stock have closed or --keep-closed-for seconds have passed since they closed \
            (forgotten within a quarter more); open orders always stay. A forgotten order is \
            answered 404 like an id never given, and leaves the account's order list, so a \
            daemon reconciling after a restart finds only the orders kept: the defaults keep \
            over half an hour of the default bots' trading. Runs until SIGTERM or SIGINT.
            """,
        options: [
            .value("--listen", "HOST:PORT", help: "Where to listen (default: 127.0.0.1:8080)."),
            .value("--venue", "V", help: "A venue to list besides TESTEX."),
            .value("--symbols", "A,B", help: "Stocks to list on --venue (or TESTEX), comma-separated."),
            .value("--accounts", "FILE", help: "JSON object of account name to API key; without it the exchange is open."),
            .value("--bots", "N", help: "Trading bots per symbol (market makers and takers; default 0)."),
            .value("--seed", "S", help: "The bots' random seed (default 1): the same seed and orders give the same market."),
            .value("--keep-closed", "N", help: "Closed orders kept per stock (default 100000); 0 keeps none."),
            .value("--keep-closed-for", "S", help: "Seconds a closed order is kept after it closed (default 3600)."),
            .flag("--verbose", help: "Log one line per request on stderr."),
        ],
        run: run
    )

    static func run(_ invocation: Invocation) throws -> Int32 {
        let listenText = invocation.value("--listen") ?? "127.0.0.1:8080"
        guard let listen = HTTPAddress(parsing: listenText) else {
            throw CLIError.usage("--listen: expected HOST:PORT, got \"\(listenText)\"")
        }
        let symbols = invocation.value("--symbols").map { $0.split(separator: ",").map(String.init) } ?? []
        let logger = Logger(
            part: "exchange", level: invocation.flag("--verbose") ? .debug : .info,
            handler: StderrLogHandler(style: StderrLogHandler.style(for: .text)))
        let requestLog: (@Sendable (String) -> Void)? = invocation.flag("--verbose") ? { @Sendable line in logger.debug(line) } : nil
        var configuration = try VenueConfiguration(
            listen: listen, venue: invocation.value("--venue"), symbols: symbols, requestLog: requestLog)
        let bots = try invocation.integer("--bots", default: 0, in: 0...64)
        if bots > 0 {
            configuration.bots = BotConfiguration(bots: Int(bots))
            configuration.botSeed = UInt64(try invocation.integer("--seed", default: 1, in: 0...Int64.max))
        }
        configuration.orderRetention = OrderRetention(
            maxClosedOrders: Int(try invocation.integer("--keep-closed", default: 100_000, in: 0...100_000_000)),
            maxAge: .seconds(try invocation.integer("--keep-closed-for", default: 3_600, in: 1...31_536_000)))
        if let accounts = invocation.value("--accounts") {
            configuration.apiKeys = try VenueConfiguration.loadAPIKeys(path: accounts)
        }
        let server = try VenueServer(configuration: configuration)
        for listing in configuration.listings {
            logger.info("listing", ["venue": listing.venue.rawValue, "stocks": listing.stocks.map { $0.symbol.rawValue }.joined(separator: ",")])
        }
        Console.out("listening on http://\(server.address)/ob/api")
        let stop = DispatchSemaphore(value: 0)
        let queue = DispatchQueue(label: "tickwork.exchange.signals")
        let sources = [SIGTERM, SIGINT].map { signalNumber in
            signal(signalNumber, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: queue)
            source.setEventHandler { stop.signal() }
            source.resume()
            return source
        }
        stop.wait()
        sources.forEach { $0.cancel() }
        logger.info("stopping")
        server.stop()
        return 0
    }
}
