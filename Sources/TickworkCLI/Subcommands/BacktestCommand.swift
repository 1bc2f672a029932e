import CommandLineKit
import FoundationEssentials
import Glibc
import History
import Live
import Recording
import Reports
import StrategyKit
import Sweeps
import Trading
import Wire

/// `tickwork backtest`: the daemon's engine, strategies and risk checker over a recording.
enum BacktestCommand {
    static let command = Command(
        name: "backtest",
        summary: "Run strategies over a recording on a simulated exchange.",
        discussion: """
            Feeds the books of a recording (JSON Lines or binary, told by its first bytes) through \
            the same engine, strategies and risk checker as 'tickwork run', with a simulated \
            exchange where the real one would be (the fill model is Sources/Backtest/FILL-MODEL.md) \
            and the books' receive times as the clock. Two runs of the same inputs give the same \
            fills, byte for byte. The recording is read and decoded on a second thread, up to \
            a thousand records ahead of the engine (a sweep's cells read their own, on one thread \
            each). Several --data files are replayed one after another as one recording (of \
            one venue; the strategies trade the symbols of all of them).
            A --data directory is its day files (YYYY-MM-DD.twrc, .twrb or .jsonl, as 'tickwork \
            data download' writes them), replayed in date order as one run; --from and --to \
            (YYYY-MM-DD, inclusive) keep the days between them, and need every recording to \
            say its day (by its name, or its header's session). A day file's session is the \
            market's: strategies are told the market closed or open when its day begins, and \
            again at the open and the close (onSession, as live), the simulated exchange refuses \
            orders outside the regular session (MARKET_CLOSED) except limit day orders within \
            the extended hours when the configuration's exchange.extendedHours is set, and \
            expires day orders still open at the close. Recorded trades reach the strategies \
            in time order with the books. A recording without a session is always open.
            The strategies are those of --config, or the one plugin --strategy names with the \
            embedded configuration's risk limits, trading the recording's symbols and called \
            with the market data --market-data names (every book by default). A --param \
            sets a parameter of that plugin, or of the configuration's strategy (over the \
            value the file gives; the configuration must then have one strategy). A --param \
            with a list of values (spread=1,2,4) makes a sweep: every combination runs (or with \
            --search random:N, N distinct ones drawn from --seed), in parallel, and a table \
            ranked by --objective (P&L by default; sharpe, sortino, calmar, pnl-per-trade) is \
            printed, best first, the objective's column first. With --walk-forward \
            train=Nd,test=Md the days of data (the recordings' days: a --data directory's \
            YYYY-MM-DD files, or each file's day, within --from and --to) are split into windows: each optimises the \
            sweep on N days by --objective and runs the best cell on the M days after them, \
            stepping M days; the report gives each window's choice and figures, the test \
            windows stitched into one out-of-sample run, the in-sample best over the whole \
            period, and the out-of-sample P&L a day's shortfall against the in-sample best's.
            With --report DIR it writes report.json, ledger.jsonl (the fills in the live ledger \
            format, for 'tickwork tail' and 'tickwork ledger verify'), equity.csv and \
            report.html. Orders the risk checker denies are counted by code, with each \
            code's first denial, in the summary and the report; when it denied every order, \
            the output names the risk setting to raise. With --history FILE it makes FILE a history database of the run's \
            fills, queried with 'tickwork history ... --db FILE'. Progress goes to stderr when \
            it is a terminal and the run is long.
            With --replay FILE it checks a live session recorded by 'tickwork run' (with \
            recording.path in its configuration) instead: every recorded input goes into an \
            engine built from --config (the same configuration, started from an empty ledger) \
            and its actions must be the recorded ones. It prints "identical" and exits 0, or the \
            first divergence with both sides and exits 1.
            """,
        options: [data, from, to, replay, config, strategy, marketData, params, report, history, json, latency, fee,
            SweepOptions.objective, SweepOptions.search, SweepOptions.seed, BacktestWalkForward.option],
        validate: validate,
        run: run
    )

    static let data: Option<[String]> = .repeated(
        "--data", "FILE",
        help: "A recording to replay, or a directory of day files; several play in order (a pipe will do, except for a sweep).",
        parse: .text)
    static let from: Option<String?> = .optional("--from", "DATE", help: "The first day to replay (YYYY-MM-DD; needs day files).")
    static let to: Option<String?> = .optional("--to", "DATE", help: "The last day to replay (YYYY-MM-DD, inclusive; needs day files).")
    static let replay: Option<String?> = .optional("--replay", "FILE", help: "Check a recorded live session against the engine instead.")
    static let config: Option<String?> = .optional("--config", "FILE", help: "The configuration whose strategies and risk limits to use.")
    static let strategy: Option<String?> = .optional("--strategy", "NAME", help: "Backtest this one plugin strategy instead of a configuration.")
    static let marketData: Option<MarketDataSubscription?> = .optional(
        "--market-data", "NAMES",
        help: "What the --strategy plugin is called with, as a configuration's \"data\": e.g. quotes, or books,trades,bars:1Min (default books).",
        parse: ValueParser { text throws(ValueError) in
            do throws(MarketDataSubscriptionError) {
                return try MarketDataSubscription(parsing: text.split(separator: ",", omittingEmptySubsequences: false).map(String.init))
            } catch {
                throw .expected("a comma-separated list of books, books:N, quotes, trades and bars:TIMEFRAME (\(error))")
            }
        })
    static let params = Option<ParameterGrid>(
        "--param", "NAME=VALUE[,VALUE...]", repeatable: true, help: "A strategy parameter; a list of values sweeps."
    ) { texts throws(CLIError) in
        do throws(BacktestError) {
            return try ParameterGrid(arguments: texts)
        } catch {
            throw .usage(error.description)
        }
    }
    static let report: Option<String?> = .optional("--report", "DIR", help: "Write report.json, ledger.jsonl, equity.csv and report.html here.")
    static let history: Option<String?> = .optional(
        "--history", "FILE", help: "Write the run's fills to this history database too (see tickwork history).")
    static let json: Option<Bool> = .flag("--json", help: "Print the metrics as JSON instead of a summary.")
    static let latency: Option<Duration> = Option<Duration>.defaulted(
        "--latency", "DURATION", default: .zero, help: "Order and cancel latency to the simulated exchange (e.g. 5ms; default 0ms).",
        parse: .duration(in: .zero ... .seconds(60), bareNumberIn: .milliseconds)
    ).deprecatedAlias("--latency-ms")
    static let fee: Option<Price> = Option<Price>.defaulted(
        "--fee", "PRICE", default: .zero, help: "Fee per share on every fill in dollars, whole cents (0.01 or 1c); negative is a rebate (default 0).",
        parse: ValueParser<Price>.price(in: Price(cents: -1_000) ... Price(cents: 1_000))
    ).deprecatedAlias("--fee-cents")

    /// `--fee` in cents, which a sweep's manifest and the simulated venue's schedule hold.
    static func feeCents(_ invocation: Invocation) throws(CLIError) -> Int64 {
        let fee = invocation[Self.fee]
        guard fee.units % Price.unitsPerCent == 0 else { throw .usage("--fee: \(fee) is not a whole number of cents") }
        return fee.units / Price.unitsPerCent
    }

    /// A replay takes --config alone; a backtest takes --data and one of --config and --strategy,
    /// and --report only for a single run.
    static func validate(_ invocation: Invocation) throws(CLIError) {
        if invocation[replay] != nil {
            let others: [any OptionDeclaration] = [
                data, from, to, strategy, marketData, params, report, history, latency, fee, SweepOptions.objective, SweepOptions.search,
                SweepOptions.seed, BacktestWalkForward.option,
            ]
            let extra = others.first(where: invocation.isGiven).map(\.spec.name)
            guard extra == nil, !invocation[json] else { throw .usage("--replay takes --config alone, not \(extra ?? "--json")") }
            return
        }
        guard !invocation[data].isEmpty else { throw .usage("missing --data FILE (or --replay FILE)") }
        do throws(BacktestError) {
            // With no paths, checks the dates alone.
            _ = try DayRecordings.select([], from: invocation[from], to: invocation[to])
        } catch {
            throw .usage(error.description)
        }
        guard (invocation[config] == nil) != (invocation[strategy] == nil) else {
            throw .usage("give either --config FILE or --strategy NAME")
        }
        if invocation[marketData] != nil, invocation[strategy] == nil {
            throw .usage("--market-data goes with --strategy; a configuration names each strategy's \"data\"")
        }
        if invocation[params].count > 1 || invocation[BacktestWalkForward.option] != nil, invocation[report] != nil || invocation[history] != nil {
            throw .usage("\(invocation[report] != nil ? "--report" : "--history") goes with a single run, not a sweep")
        }
    }

    static func run(_ invocation: Invocation) throws -> Int32 {
        let configPath = invocation[Self.config]
        let strategy = invocation[Self.strategy]
        if let replay = invocation[Self.replay] {
            return try BacktestReplay.run(replay, configuration: try DefaultConfiguration.load(configPath.map(ConfigurationSource.option) ?? .embedded))
        }
        let grid = invocation[Self.params]
        let latency = invocation[Self.latency].wholeMilliseconds
        let fee = try Self.feeCents(invocation)

        var configuration = try DefaultConfiguration.load(configPath.map(ConfigurationSource.option) ?? .embedded)
        let scan = try SweepBase.plugins(strategy: strategy, configuration: configuration)
        // Without --param, a configuration runs as written (any number of strategies).
        let base = strategy.map { SweepBase.strategy($0, data: invocation[Self.marketData] ?? .everyBook) } ?? (invocation.isGiven(Self.params) ? .configuration(configuration) : nil)
        if let base {
            for cell in grid.cells {
                let texts = ParameterGrid.texts(cell)
                _ = try base.configuration(texts: texts, header: nil, scan: scan)
            }
        }
        let selected = try days(invocation)
        if let plan = invocation[BacktestWalkForward.option] {
            return try BacktestWalkForward.run(
                plan, grid: grid, base: base ?? .configuration(configuration), days: selected,
                setup: BacktestSetup(configuration: configuration, scan: scan, latencyMilliseconds: latency, feeCents: fee),
                objective: invocation[SweepOptions.objective], search: SweepOptions.requestedSearch(invocation), json: invocation[Self.json])
        }
        let data = selected.map(\.path)
        let sweeping = base != nil && grid.count > 1
        if sweeping, let pipe = data.first(where: { !isRegularFile($0) }) {
            throw CLIError.failure("\(pipe): a sweep reads the recording once per cell and needs a file, not a pipe")
        }
        // Opened once, so that `--data` can be a pipe; a sweep reads the file again per cell
        // (its cells already keep every core busy, so only a single run reads ahead).
        let reader = try RecordingSequence.open(paths: data, readingAhead: !sweeping)
        let header = reader.header
        if let base {
            let texts = Dictionary(uniqueKeysWithValues: grid.axes.map { ($0.name, $0.values[0]) })
            configuration = try base.configuration(texts: texts, header: header, scan: scan)
        }
        let setup = BacktestSetup(configuration: configuration, scan: scan, latencyMilliseconds: latency, feeCents: fee)
        if let base, sweeping {
            return try BacktestSweep.run(
                grid, base: base, header: header, data: data, setup: setup, objective: invocation[SweepOptions.objective],
                search: SweepOptions.requestedSearch(invocation), json: invocation[Self.json])
        }
        let range = invocation[Self.from] != nil || invocation[Self.to] != nil
            ? " (\(invocation[Self.from] ?? "")...\(invocation[Self.to] ?? ""))" : ""
        return try single(
            setup, reader: reader, data: invocation[Self.data].joined(separator: ", ") + range, report: invocation[Self.report],
            history: invocation[Self.history], json: invocation[Self.json])
    }

    /// The recordings `--data` names, a directory's day files in date order, within `--from` and
    /// `--to`; a usage error when those are given and a recording's day is unknown.
    static func days(_ invocation: Invocation) throws -> [RecordingDay] {
        try days(invocation[Self.data], from: invocation[Self.from], to: invocation[Self.to])
    }

    /// The recordings `data` names (`backtest`'s or `sweep plan`'s `--data`), a directory's day
    /// files in date order, within `from` and `to`.
    static func days(_ data: [String], from: String?, to: String?) throws -> [RecordingDay] {
        let all = try DayRecordings.select(data)
        if from != nil || to != nil, let unknown = all.first(where: { $0.date == nil }) {
            throw CLIError.usage("--from/--to need day files: \(unknown.path) says no day (name it YYYY-MM-DD.twrc, or give its header a session)")
        }
        let days = from == nil && to == nil ? all : try DayRecordings.select(data, from: from, to: to)
        guard !days.isEmpty else {
            let within = from == nil && to == nil ? "" : " from \(from ?? "the first") to \(to ?? "the last")"
            throw CLIError.failure("\(data.joined(separator: ", ")): no day files (YYYY-MM-DD.twrc, .twrb or .jsonl)\(within)")
        }
        return days
    }

    /// Whether `path` is a regular file (not a pipe or a device), following links.
    private static func isRegularFile(_ path: String) -> Bool {
        var status = stat()
        return stat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFREG
    }

    /// One backtest: summary or JSON on stdout, report files when asked.
    static func single(
        _ setup: BacktestSetup, reader: any RecordingReader, data: String, report directory: String?, history: String? = nil,
        json: Bool
    ) throws -> Int32 {
        if let directory {
            do {
                try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            } catch {
                throw CLIError.failure("\(directory): cannot create the report directory: \(error.systemReason)")
            }
        }
        // The history is made from the run's ledger: the report's, or one beside the database.
        let ledgerPath = directory.map { $0 + "/ledger.jsonl" } ?? history.map { $0 + ".ledger.jsonl" }
        if directory == nil, let ledgerPath, FileManager.default.fileExists(atPath: ledgerPath) {
            try FileManager.default.removeItem(atPath: ledgerPath)
        }
        let (backtester, ledger) = try setup.makeBacktester(ledgerPath: ledgerPath)
        let progress = BacktestProgress(reader: reader)
        let started = ContinuousClock.now
        let metrics = try backtester.run(reader, progressInterval: 10_000) { statistics in progress.update(statistics) }
        let elapsed = ContinuousClock.now - started
        progress.clear()
        try ledger?.close()
        if let history, let ledgerPath {
            try HistoryCatchUp.rebuild(path: history, ledger: ledgerPath) { line in Console.err("tickwork: \(line)") }
            if directory == nil { try FileManager.default.removeItem(atPath: ledgerPath) }
        }
        for warning in reader.warnings {
            Console.err("tickwork: warning: \(warning)")
        }
        let names = setup.configuration.strategies.map(\.plugin).joined(separator: ", ")
        let report = BacktestReport(
            title: "\(names) over \(data)", metrics: metrics, denials: DenialSummary(statistics: backtester.engine.statistics))
        if let directory {
            try report.write(to: directory)
        }
        if json {
            Console.out(try JSONOutput.encode(report.document))
        } else {
            let statistics = backtester.statistics
            let seconds = elapsed.seconds
            Console.out(report.textSummary, terminator: "")
            let denied = report.denials.map { ", \($0.denied) denied" } ?? ""
            let trades = statistics.trades > 0 ? "\(statistics.trades) trades, " : ""
            let expired = statistics.expired > 0 ? ", \(statistics.expired) expired" : ""
            Console.out(
                "\(statistics.books) books, \(trades)\(statistics.orders) orders, \(statistics.cancels) cancels, "
                    + "\(statistics.rejected) rejected\(expired)\(denied) in \(seconds.fixedText(places: 2)) s")
            for line in report.denials?.lines ?? [] { Console.out(line) }
            if let directory { Console.out("report: \(directory)") }
        }
        return 0
    }
}
