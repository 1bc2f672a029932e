import Edgar
import History
import Lifecycle
import Live
import Monitor
import StrategyKit
import Trading
import Wire

/// The daemon's EDGAR service: every `interval`, from its start, the filings chain for
/// `symbols` (the symbols the strategies trade), what it brought stored in the history at
/// `historyPath`, each new filing logged and handed to `deliver` (the runner's inbox), the calls
/// counted in `figures` for `/metrics`.
///
/// A company whose filings the history holds none of yet (its first poll ever) has them
/// stored, not delivered: they are its past, not news. After that a filing is delivered
/// exactly when its insert was new (`HistoryDatabase.insert` returns those), so a restart never
/// delivers one again. EDGAR failing, or the history, never stops the daemon: the first
/// failure of a run of them is logged, with the recovery, and every call counted.
///
/// The history is opened for each poll and closed after it, its own connection beside the
/// `HistoryWriter`'s: WAL lets both write, one transaction at a time, SQLite's busy time-out
/// waiting out the other's. The poll runs on a thread of its own (`ThreadExecutor`): its
/// requests and SQLite calls block, and must hold up no thread of the shared pool.
final class EdgarPoller: Service, Sendable {
    let client: EdgarClient
    let symbols: [Symbol]
    let interval: Duration
    let historyPath: String
    let figures: Locked<EdgarFigures>
    let logger: Logger
    let deliver: @Sendable (StrategyKit.Filing) -> Void
    private let failing = Locked<Set<String>>([])

    init(
        client: EdgarClient, symbols: [Symbol], interval: Duration, historyPath: String, figures: Locked<EdgarFigures>, logger: Logger,
        deliver: @escaping @Sendable (StrategyKit.Filing) -> Void
    ) {
        self.client = client
        self.symbols = symbols
        self.interval = interval
        self.historyPath = historyPath
        self.figures = figures
        self.logger = logger
        self.deliver = deliver
    }

    func run() async {
        let executor = ThreadExecutor(name: "tickwork-edgar")
        // Shut down from this task, never from a job of the executor's own thread.
        defer { executor.shutDown() }
        let work = Task(executorPreference: executor) { await self.pollUntilCancelled() }
        await withTaskCancellationHandler {
            await work.value
        } onCancel: {
            work.cancel()
        }
    }

    /// Polls at once, then every `interval`, until cancelled.
    private func pollUntilCancelled() async {
        let clock = ContinuousClock()
        var next = clock.now
        while !Task.isCancelled {
            await poll()
            next = max(next + interval, clock.now)
            do {
                try await clock.sleep(until: next)
            } catch {
                return  // cancelled: the daemon is stopping
            }
        }
    }

    /// One poll: the chain, the history, the deliveries.
    func poll() async {
        let report = await client.filings(tickers: symbols.map(\.rawValue))
        var companies: [(symbol: Symbol, submissions: Submissions)] = []
        for step in report.steps {
            // A step's description starts with the ticker it is for (`AAPL: GET /submissions/...`).
            let key = String(step.description.prefix { $0 != ":" })
            switch step.outcome {
            case .success(let value):
                if case .companyList(_, fromCache: true) = value {} else { count("ok") }
                if case .submissions(let submissions) = value { companies.append((Symbol(key), submissions)) }
                recovered(key)
            case .failure(let error):
                // A ticker EDGAR does not list made no call.
                if case .notListed = error {} else { count(Self.outcome(of: error)) }
                failed(key, "EDGAR poll failed", error.description)
            }
        }
        store(companies)
        figures.update { $0.lastPoll = WallClock.now() }
    }

    /// Stores the companies' filings and delivers the new ones of each company the history
    /// held filings of before.
    private func store(_ companies: [(symbol: Symbol, submissions: Submissions)]) {
        guard !companies.isEmpty else { return }
        do throws(HistoryError) {
            let database = try HistoryDatabase(path: historyPath)
            var known: Set<Int64> = []
            for (_, submissions) in companies {
                let cik = Int64(submissions.cik.value)
                if try !database.filings(HistoryFilingFilter(company: .cik(cik), limit: 1)).isEmpty { known.insert(cik) }
            }
            let new = try EdgarHistory.store(companies.map(\.submissions), in: database, now: WallClock.now())
            recovered("history")
            for filing in new where known.contains(filing.cik) {
                for company in companies where Int64(company.submissions.cik.value) == filing.cik {
                    announce(filing, symbol: company.symbol, company: company.submissions.name)
                    figures.update { $0.filings += 1 }
                }
            }
            for cik in Set(new.map(\.cik)).subtracting(known) {
                let count = new.filter { $0.cik == cik }.count
                logger.info("first poll of a company: its filings stored as history, not delivered", ["cik": String(cik), "filings": String(count)])
            }
        } catch {
            failed("history", "EDGAR filings not stored", error.description)
        }
    }

    /// Logs a new filing in one line and hands it to the strategies of `symbol`.
    private func announce(_ filing: HistoryFiling, symbol: Symbol, company: String) {
        logger.info("new filing", [
            "symbol": symbol.rawValue, "form": filing.form, "items": filing.items.joined(separator: ","),
            "accepted": filing.accepted.iso8601, "url": filing.url,
        ])
        deliver(StrategyKit.Filing(
            symbol: symbol, form: filing.form, accessionNumber: filing.accession, accepted: filing.accepted, filingDate: filing.filingDate,
            items: filing.items, documentURL: filing.url, companyName: company))
    }

    private func count(_ outcome: String) {
        figures.update { $0.requests[outcome, default: 0] += 1 }
    }

    /// Logs the first failure of a run of failures of `key` (a ticker, the company list, the
    /// history), not the ones after it.
    private func failed(_ key: String, _ message: String, _ error: String) {
        var first = false
        failing.update { first = $0.insert(key).inserted }
        if first { logger.warning(message, ["what": key, "error": error]) }
    }

    /// Logs that `key` works again after a failure.
    private func recovered(_ key: String) {
        var was = false
        failing.update { was = $0.remove(key) != nil }
        if was { logger.info("EDGAR poll recovered", ["what": key]) }
    }

    /// The `outcome` label of a failed call in `/metrics`.
    static func outcome(of error: EdgarError) -> String {
        switch error {
        case .userAgentRequired: "user_agent"
        case .notListed: "not_listed"
        case .notFound: "not_found"
        case .forbidden: "forbidden"
        case .rateLimited: "rate_limited"
        case .server: "server"
        case .transport: "transport"
        case .undecodable: "undecodable"
        }
    }
}
