import StrategyKit
import Synchronization
import Wire

/// The simulated EDGAR's state behind a lock of its own (the books' lock is never taken): its
/// companies, the filings they made while the exchange runs, and each client's token bucket.
/// Documents are generated on request from the seed and dropped once written, so memory holds
/// the company list, at most `liveLimit` new filings and one bucket per recent client.
final class EdgarMarket: Sendable {
    /// Filings in a submissions document's `recent`; older ones go to pages of as many.
    static let recentLimit = 1_000
    /// New filings kept (the oldest are forgotten first).
    static let liveLimit = 2_000
    /// Clients whose buckets are kept; past it the buckets are dropped and start full again.
    static let clientLimit = 1_024

    let registry: EdgarRegistry
    private let seed: UInt64
    /// When the generated history ends.
    private let historyEnd: Timestamp
    private let requestsPerSecond: Int
    private let filersPerInterval: Int

    private struct State {
        /// Filings made while running, oldest first, with the filer's CIK.
        var live: [(cik: Int, filing: EdgarFiling)] = []
        var random: SplitMix64
        var filed = 0
        var buckets: [String: TokenBucket] = [:]
    }

    private let state: Mutex<State>

    init(configuration: EdgarConfiguration, stocks: [(symbol: String, name: String, venue: String)], seed: UInt64) {
        registry = EdgarRegistry(stocks: stocks, directory: configuration.directory)
        self.seed = seed
        historyEnd = configuration.historyEnd ?? WallClock.now()
        requestsPerSecond = max(1, configuration.requestsPerSecond)
        filersPerInterval = max(1, configuration.filersPerInterval)
        state = Mutex(State(random: EdgarProfile.random(seed: seed, cik: 0, stream: 5)))
    }

    /// Whether `client` may make a request at `now`: takes a token from its bucket.
    func admit(_ client: String, now: ContinuousClock.Instant) -> Bool {
        state.withLock { state in
            if state.buckets[client] == nil, state.buckets.count >= Self.clientLimit { state.buckets.removeAll() }
            return state.buckets[client, default: TokenBucket(ratePerSecond: requestsPerSecond, burst: requestsPerSecond, now: now)]
                .take(now: now)
        }
    }

    /// Lets `filersPerInterval` companies, drawn from the seed, each file an 8-K or a Form 4
    /// accepted at `now`; returns their CIKs.
    func fileNew(now: Timestamp) -> [Int] {
        state.withLock { state in
            var filers: [Int] = []
            for _ in 0..<filersPerInterval {
                let company = registry.companies[Int(state.random.int(in: 0...Int64(registry.companies.count - 1)))]
                let insider = state.random.chance(perMillion: 400_000)
                let items = state.random.chance(perMillion: 200_000)
                    ? "2.02,9.01" : EdgarFiling.eightKItems[Int(state.random.int(in: 0...Int64(EdgarFiling.eightKItems.count - 1)))]
                state.filed += 1
                let day = EdgarCalendar.day(now)
                let sequence = 900_000 + state.filed
                let form = insider ? "4" : "8-K"
                let report = insider ? day - 2 : day
                let ticker = (company.tickers.first ?? "sim").lowercased()
                let filing = EdgarFiling(
                    accessionNumber: EdgarFiling.accession(cik: company.cik, year: EdgarCalendar.year(day), sequence: sequence),
                    form: form, filingDay: day, reportDay: report, acceptance: now, items: insider ? "" : items,
                    primaryDocument: EdgarHistory.document(form: form, ticker: ticker, report: report, sequence: sequence),
                    size: Int(state.random.int(in: 4_000...400_000)), fileNumber: insider ? "" : profile(company).fileNumber,
                    filmNumber: insider ? "" : EdgarCalendar.padded(EdgarCalendar.year(day) % 100, 2) + EdgarCalendar.padded(sequence, 7),
                    isXBRL: false)
                state.live.append((company.cik, filing))
                if state.live.count > Self.liveLimit { state.live.removeFirst(state.live.count - Self.liveLimit) }
                filers.append(company.cik)
            }
            return filers
        }
    }

    /// The profile of `company` under the seed.
    func profile(_ company: EdgarCompany) -> EdgarProfile {
        EdgarProfile(cik: company.cik, seed: seed)
    }

    /// Every filing of `company`, newest first: those made while running, then its history.
    func filings(of company: EdgarCompany) -> [EdgarFiling] {
        let live = state.withLock { state in state.live.filter { $0.cik == company.cik }.map(\.filing) }
        let history = EdgarHistory(company: company, profile: profile(company), seed: seed).filings(through: historyEnd)
        return live.reversed() + history
    }

    /// The facts of `company`, from its history's periodic reports.
    func facts(of company: EdgarCompany) -> EdgarFacts {
        let profile = profile(company)
        let history = EdgarHistory(company: company, profile: profile, seed: seed)
        return EdgarFacts(cik: company.cik, profile: profile, periods: history.periods(history.filings(through: historyEnd)), seed: seed)
    }
}
