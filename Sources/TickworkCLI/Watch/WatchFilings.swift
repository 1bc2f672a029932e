import Edgar
import Glibc
import History
import Lifecycle
import StrategyKit
import Wire

/// The watch list's FILING column: each symbol's latest filing as the history database holds
/// it, read at every refresh; and, when EDGAR can be asked (a `User-Agent` is configured),
/// the list's submissions fetched into the history at most every `fetchInterval`, on a thread
/// of its own, so that the view never waits for EDGAR (with `--once`, at most `onceWait`).
struct WatchFilings {
    /// How often EDGAR is asked: a request per symbol, well within its 10 a second.
    static let fetchInterval: Duration = .seconds(300)
    /// How long a `--once` view waits for the fetch it started.
    static let onceWait: Duration = .seconds(15)

    /// The history database's file.
    let historyPath: String
    /// Its ledger, to make the history from when it is missing.
    let ledger: String
    /// EDGAR; nil when no `User-Agent` is available: the column shows what is stored.
    let client: EdgarClient?
    private let fetch = Fetch()
    private var reader: HistoryDatabase?

    init(historyPath: String, ledger: String, client: EdgarClient?) {
        self.historyPath = historyPath
        self.ledger = ledger
        self.client = client
    }

    /// What the last fetch (or read) failed with, if it did: the column then shows what is
    /// stored.
    var problem: String? { fetch.state.get().problem }

    /// `problem` the first time it is asked for after it arose; nil after that.
    func unsaidProblem() -> String? {
        var unsaid: String?
        fetch.state.update { state in
            if !state.said { unsaid = state.problem }
            state.said = true
        }
        return unsaid
    }

    /// Starts a fetch of `symbols`' filings in the background when EDGAR can be asked, none is
    /// running and the last started `fetchInterval` ago or more.
    func refresh(_ symbols: [Symbol]) {
        guard let client, !symbols.isEmpty else { return }
        let now = ContinuousClock.now
        var start = false
        fetch.state.update { state in
            guard !state.running, state.started.map({ now - $0 >= Self.fetchInterval }) ?? true else { return }
            state.running = true
            state.started = now
            start = true
        }
        guard start else { return }
        let (fetch, historyPath, ledger) = (fetch, historyPath, ledger)
        let tickers = symbols.map { CompanyTicker.normalized($0.rawValue) }
        OSThread.detach(name: "tickwork.filings") {
            var problem: String?
            do {
                let report = try runBlocking { await client.filings(tickers: tickers) }
                let database = try HistoryOptions.openForEdgar(historyPath: historyPath, ledger: ledger)
                _ = try EdgarHistory.store(report.companies, in: database, now: WallClock.now())
                // A symbol EDGAR does not list (an ETF, a fund) has no filings; that is no problem.
                problem = report.steps.lazy.compactMap { step -> String? in
                    guard case .failure(let error) = step.outcome else { return nil }
                    if case .notListed = error { return nil }
                    return "\(error)"
                }.first
            } catch {
                problem = "\(error)"
            }
            fetch.state.update { state in
                state.running = false
                state.note(problem)
            }
        }
    }

    /// Waits until the fetch running (if any) has ended, `wait` at most.
    func awaitFetch(upTo wait: Duration) {
        let deadline = ContinuousClock.now + wait
        while fetch.state.get().running, ContinuousClock.now < deadline { usleep(50_000) }
    }

    /// The latest stored filing of each of `symbols` that has one; none while the history
    /// does not exist or cannot be read.
    mutating func latest(_ symbols: [Symbol]) -> [Symbol: HistoryFiling] {
        guard reader != nil || access(historyPath, F_OK) == 0 else { return [:] }
        let byTicker: [String: HistoryFiling]
        do {
            let reader = try reader ?? HistoryDatabase.readOnly(path: historyPath)
            self.reader = reader
            byTicker = try reader.latestFilings(of: symbols.map { CompanyTicker.normalized($0.rawValue) })
        } catch {
            let problem = "\(error)"
            fetch.state.update { $0.note(problem) }
            return [:]
        }
        var latest: [Symbol: HistoryFiling] = [:]
        for symbol in symbols {
            if let filing = byTicker[CompanyTicker.normalized(symbol.rawValue)] { latest[symbol] = filing }
        }
        return latest
    }

    /// The background fetch's state, shared with its thread.
    private final class Fetch: Sendable {
        struct State {
            var running = false
            var started: ContinuousClock.Instant?
            var problem: String?
            var said = false

            /// Keeps `problem` as the latest; a different one is to be said again.
            mutating func note(_ problem: String?) {
                said = said && self.problem == problem
                self.problem = problem
            }
        }

        let state = Locked(State())
    }
}
