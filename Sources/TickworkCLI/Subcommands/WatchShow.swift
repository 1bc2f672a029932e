import CommandLineKit
import Edgar
import FoundationEssentials
import Lifecycle
import Live
import Quotes
import StrategyKit
import Wire

#if canImport(Glibc)
import Glibc
#endif

/// `tickwork watch` / `tickwork watch show`: the live view of a watch list.
enum WatchShow {
    static let command = Command(
        name: "show",
        summary: "Show a watch list's quotes live, refreshed every few seconds.",
        discussion: discussion,
        options: options,
        run: run
    )

    static let options: [any OptionDeclaration] = [WatchListOptions.list, interval, once, json, stream] + QuoteSourceOptions.options

    /// `tickwork watch`: the live view itself, and the commands that edit the lists.
    static let group = Command(
        name: "watch",
        summary: "Watch lists: live quotes of the symbols you follow.",
        discussion: discussion,
        options: options,
        subcommands: [command, WatchEdit.add, WatchEdit.remove, WatchEdit.move, WatchEdit.list],
        run: run
    )

    static let discussion = """
        One row per symbol: symbol, company, last price, change, change %, day high, day low, \
        the quote's age and the company's latest SEC EDGAR filing (form and age, 8-K 2h) as the \
        history database (history.path of --config) holds it; when a User-Agent is configured \
        (edgar.userAgent, else $TICKWORK_EDGAR_USER_AGENT) the list's filings are fetched into it \
        from EDGAR (edgar.siteURL and dataURL) in the background, at most every 5 minutes. On a terminal the table is redrawn in place (to the terminal's width, \
        again on resize): green up, red down, a flash on a price that changed; q, Ctrl-C or \
        SIGTERM end it and restore the terminal. With NO_COLOR nothing is coloured; when stdout \
        is not a terminal one table is printed per refresh (--once: one, then exit). --json \
        prints one JSON line per refresh, prices in decimal dollars.
        With --stream the last price moves with every trade the source's push stream delivers \
        (the simulated exchange's StockFighter tickertape for --api stockfighter, Alpaca's \
        market-data stream for --api alpaca; --api finnhub does not stream and is refused with \
        exit 64): the row is redrawn (or, off a terminal, a table or JSON line printed) as each \
        trade comes, its day high or low stretched to it; change, change %, open and previous \
        close come from the snapshot polls, which go on every --interval (default 60s with \
        --stream). A lost stream is a line on stderr and a reconnection with back-off.
        With no --api (or --api stockfighter) it quotes the simulated exchange the configuration embeds (the embedded \
        default lists FOOBAR), started in this process with no key. --api finnhub needs a \
        key (from --key-file, else the variable or file --config's finnhub.apiKeyEnv or \
        finnhub.apiKeyFile names, else $FINNHUB_API_KEY) and keeps to Finnhub's free plan (60 calls a minute): rows it could not refresh keep \
        their last quote and show its age, and after a 429 it backs off. --api alpaca asks \
        Alpaca's market data for the whole list in one snapshots request (key id and secret \
        from $APCA_API_KEY_ID and $APCA_API_SECRET_KEY or an Alpaca configuration's sources).
        """

    static let interval: Option<Duration> = .defaulted(
        "--interval", "DURATION", default: .seconds(5), help: "Time between refreshes (default 5s; with --stream, between snapshot polls, default 60s).",
        parse: .duration(in: .seconds(1) ... .seconds(3_600), bareNumberIn: .seconds))
    static let once: Option<Bool> = .flag("--once", help: "Print the table once and exit.")
    static let json: Option<Bool> = .flag("--json", help: "Print one JSON line per refresh.")
    static let stream: Option<Bool> = .flag(
        "--stream", help: "Move the last price with each trade of the source's push stream (stockfighter or alpaca), polling every --interval (default 60s) for the rest.")
    /// The snapshot polls' interval under `--stream` when `--interval` is not given.
    static let streamInterval: Duration = .seconds(60)

    static func run(_ invocation: Invocation) throws -> Int32 {
        let streaming = invocation[Self.stream]
        if streaming, invocation[QuoteSourceOptions.source] == .finnhub {
            throw CLIError.usage("--stream: finnhub has no push stream; use --api stockfighter or alpaca")
        }
        if streaming, invocation[Self.once] { throw CLIError.usage("--once is a single poll; it does not go with --stream") }
        let store = try WatchListOptions.store()
        let name = invocation[WatchListOptions.list]
        let symbols = try WatchListOptions.load(store).symbols(name)
        guard !symbols.isEmpty else {
            throw CLIError.failure("\(name): the watch list is empty; add symbols with 'tickwork watch add SYMBOL' (the embedded exchange lists FOOBAR)")
        }
        var directory = try DirectoryFile.load(stateDirectory: store.directory)
        let opened = try QuoteSourceOptions(invocation)
        defer { opened.close() }
        if invocation[QuoteSourceOptions.source] == .stockfighter, let listed = try? opened.symbols() {
            // The simulated exchange's companies are in no directory: it names them itself.
            directory = SymbolDirectory(directory.entries + listed)
        }
        let feed = try streaming ? opened.streamingBroker(symbols: symbols).map { WatchStream(broker: $0.0, venue: $0.1, symbols: symbols) } : nil
        let interval = streaming && !invocation.isGiven(Self.interval) ? Self.streamInterval : invocation[Self.interval]
        var view = WatchLoop(
            board: WatchBoard(symbols: symbols, directory: directory), source: opened.source,
            filings: try filings(DefaultConfiguration.load(invocation[QuoteSourceOptions.config])), list: name,
            interval: interval, json: invocation[Self.json], once: invocation[Self.once], stream: feed)
        view.run()
        return 0
    }

    /// The FILING column's source: the configuration's history, and EDGAR when a User-Agent
    /// is available (without one the column shows what the history holds; another problem is
    /// said once, on stderr).
    static func filings(_ configuration: Configuration) -> WatchFilings {
        var client: EdgarClient? = nil
        do throws(EdgarError) {
            client = try EdgarConnection.client(settings: configuration.edgar, environment: ProcessInfo.processInfo.environment)
        } catch {
            switch error {
            case .userAgentRequired: break
            default: Console.err("tickwork: watch: filings from the history only: \(error)")
            }
        }
        return WatchFilings(historyPath: configuration.historyPath, ledger: configuration.ledger.path, client: client)
    }
}
