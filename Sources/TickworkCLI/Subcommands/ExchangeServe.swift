import CommandLineKit
import Dispatch
import FoundationEssentials
import HTTP
import Lifecycle
import Live
import SimulatedMarket
import StrategyKit
import Trading
import Wire

#if canImport(Glibc)
import Glibc
#endif

/// `tickwork exchange`: serve the simulated StockFighter exchange.
enum ExchangeServe {
    static let command = Command(
        name: "exchange",
        summary: "Serve the simulated exchange (StockFighter and Alpaca APIs) on loopback.",
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
            their stock have closed or --keep-closed-for has passed since they closed \
            (forgotten within a quarter more); open orders always stay. A forgotten order is \
            answered 404 like an id never given, and leaves the account's order list, so a \
            daemon reconciling after a restart finds only the orders kept: the defaults keep \
            over half an hour of the default bots' trading. The same port serves Alpaca's \
            trading API (/v2/account, clock, calendar, assets, orders, positions, \
            account/activities/FILL), market data (/v2/stocks/...: latest quotes and trades, \
            snapshots, bars from 1Min to 1Day built from the simulated trades, and the history \
            of quotes and trades, kept as closed orders are) and a generated \
            news feed (/v1beta1/news, marked as simulated, the same for the same --seed) on the \
            stocks of --venue (or TESTEX): point an Alpaca client's base URL at \
            http://HOST:PORT. APCA-API-KEY-ID names the account and APCA-API-SECRET-KEY is its key \
            from --accounts (without --accounts any key id is an account). Accounts start with \
            --alpaca-cash; orders are market, limit, stop, stop_limit or trailing_stop, simple, \
            bracket, oco or oto, with time_in_force day, gtc, ioc, fok, opg or cls, and may be \
            replaced (PATCH); no notional orders or short sales. /v2/assets lists the stocks, \
            tradable, and \
            the other entries of the symbol directory 'tickwork symbols search' reads, not \
            tradable. It also serves SEC EDGAR's company list, submissions and XBRL facts \
            (/files/company_tickers.json, /submissions/CIK##########.json and its older pages, \
            /api/xbrl/companyfacts/..., /api/xbrl/companyconcept/...) for its stocks and the \
            directory's companies with a CIK: generated, marked simulated, the same for the \
            same --seed, with a few new filings every three minutes; a User-Agent is required \
            and a client gets 10 requests a second. The game master's API plays the practice \
            levels as StockFighter's did (POST /gm/levels/first_steps, GET /gm/instances/ID, \
            POST /gm/instances/ID/stop|restart|resume): each instance has a venue, an account \
            and a market of its own, judged by the exchange; a key is required (with \
            --accounts, one of its keys). Runs until SIGTERM or SIGINT.
            """,
        options: [listen, venue, symbols, accounts, bots, seed, keepClosed, keepClosedFor, alpacaCash, alpacaSession, alpacaRateLimit, verbose],
        run: run, earlySignals: [SIGTERM, SIGINT]
    )

    static let listen: Option<HTTPAddress> = .defaulted(
        "--listen", "HOST:PORT", default: HTTPAddress(host: "127.0.0.1", port: 8080), help: "Where to listen (default: 127.0.0.1:8080).",
        parse: ValueParser { text throws(ValueError) in
            guard let address = HTTPAddress(parsing: text) else { throw .expected("HOST:PORT") }
            return address
        })
    static let venue: Option<String?> = .optional("--venue", "V", help: "A venue to list besides TESTEX.")
    static let symbols: Option<[String]> = .defaulted(
        "--symbols", "A,B", default: [], help: "Stocks to list on --venue (or TESTEX), comma-separated.",
        parse: ValueParser { $0.split(separator: ",").map(String.init) })
    static let accounts: Option<String?> = .optional(
        "--accounts", "FILE", help: "JSON object of account name to API key; without it the exchange is open.")
    static let bots: Option<Int64> = .defaulted(
        "--bots", "N", default: 0, help: "Trading bots per symbol (market makers and takers; default 0).", parse: .integer(in: 0...64))
    static let seed: Option<Int64> = .defaulted(
        "--seed", "S", default: 1, help: "The bots', the news feed's and EDGAR's seed (default 1): the same seed and orders give the same market.",
        parse: .integer(in: 0...Int64.max))
    static let keepClosed: Option<Int64> = .defaulted(
        "--keep-closed", "N", default: 100_000, help: "Closed orders kept per stock (default 100000); 0 keeps none.",
        parse: .integer(in: 0...100_000_000))
    static let keepClosedFor: Option<Duration> = .defaulted(
        "--keep-closed-for", "DURATION", default: .seconds(3_600), help: "How long a closed order is kept after it closed (default 1h).",
        parse: .duration(in: .seconds(1) ... .seconds(31_536_000), bareNumberIn: .seconds))
    static let alpacaCash: Option<Money> = .defaulted(
        "--alpaca-cash", "DOLLARS", default: Money(cents: 10_000_000), help: "Each Alpaca account's starting cash (default 100000).",
        parse: ValueParser { text throws(ValueError) in
            guard let cents = FixedPoint.parse(text, scale: 2), cents >= 0 else { throw .expected("an amount of dollars and cents") }
            return Money(cents: cents)
        })
    static let alpacaSession: Option<AlpacaSession?> = .optional(
        "--alpaca-session", "HH:MM-HH:MM", help: "The Alpaca market's daily session in UTC (default: always open).",
        parse: ValueParser { text throws(ValueError) in
            guard let session = AlpacaSession(parsing: text) else { throw .expected("HH:MM-HH:MM, opening before closing") }
            return session
        })
    static let alpacaRateLimit: Option<Int64> = .defaulted(
        "--alpaca-rate-limit", "N", default: 0, help: "Alpaca requests per account per minute before 429 (default 0: no limit).",
        parse: .integer(in: 0...1_000_000))
    static let verbose: Option<Bool> = .flag("--verbose", help: "Log one line per request on stderr.")

    static func run(_ invocation: Invocation) throws -> Int32 {
        let verbose = invocation[Self.verbose]
        let logger = Logger(
            part: "exchange", level: verbose ? .debug : .info,
            handler: StderrLogHandler(style: StderrLogHandler.style(for: .text)))
        let requestLog: (@Sendable (String) -> Void)? = verbose ? { @Sendable line in logger.debug(line) } : nil
        var configuration = try VenueConfiguration(
            listen: invocation[Self.listen], venue: invocation[Self.venue], symbols: invocation[Self.symbols], requestLog: requestLog)
        let bots = invocation[Self.bots]
        configuration.botSeed = UInt64(invocation[Self.seed])
        if bots > 0 { configuration.bots = BotConfiguration(bots: Int(bots)) }
        configuration.orderRetention = OrderRetention(
            maxClosedOrders: Int(invocation[Self.keepClosed]), maxAge: invocation[Self.keepClosedFor])
        configuration.alpaca?.startingCash = invocation[Self.alpacaCash]
        configuration.alpaca?.session = invocation[Self.alpacaSession]
        let rateLimit = invocation[Self.alpacaRateLimit]
        configuration.alpaca?.rateLimit = rateLimit > 0 ? Int(rateLimit) : nil
        let directory = try DirectoryFile.forExchange(ProcessInfo.processInfo.environment).entries
        configuration.alpaca?.directory = directory
        configuration.edgar?.directory = directory
        if let accounts = invocation[Self.accounts] {
            configuration.apiKeys = try VenueConfiguration.loadAPIKeys(path: accounts)
        }
        let server = try VenueServer(configuration: configuration)
        for listing in configuration.listings {
            logger.info("listing", ["venue": listing.venue.rawValue, "stocks": listing.stocks.map { $0.symbol.rawValue }.joined(separator: ",")])
        }
        Console.out("listening on http://\(server.address)/ob/api")
        Console.out("alpaca api on http://\(server.address)")
        // SIGTERM and SIGINT stop the group, and so the server.
        _ = try runBlocking { await ServiceGroup([.init("exchange", server)]).run() }
        logger.info("stopping")
        return 0
    }
}
