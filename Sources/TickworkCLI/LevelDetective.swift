import APIClient
import CommandLineKit
import FoundationEssentials
import Lifecycle
import SimulatedMarket
import StockFighter
import StrategyKit
import Synchronization

/// Plays level making-amends through the game master's API, as an outside client would: starts
/// an instance (on the exchange at `baseURL`, or else on one this process serves on loopback),
/// sets the detective (`InsiderDetective`) on the instance's venue from the instance's account,
/// and once the market has run `watchDays` trading days and the detective names a suspect,
/// accuses it to the judge (`POST /gm/instances/:id/judge`). A detective that has named nobody
/// when the level's last day begins stops the instance, lost.
struct LevelDetective {
    let level: Level
    let seed: UInt64
    /// The exchange's root (`http://host:port`); nil serves one in this process.
    let baseURL: String?
    let caFile: String?
    /// The trading days watched before the suspect is accused.
    static let watchDays = 8
    /// How often the instance is asked for its day and a progress line is written.
    static let pollInterval: Duration = .seconds(1)

    /// Plays the level to the judge's verdict; `progress` gets a line now and then.
    func run(progress: @escaping @Sendable (String) -> Void) throws -> LevelVerdict {
        let key = try LevelRunner.playerKey(configuration: nil)
        let server = baseURL == nil ? try VenueServer(configuration: LevelRunner.inProcessExchange()) : nil
        defer { server?.stop() }
        let client = try GameMasterClient(root: baseURL ?? "http://\(server!.address)", key: key, caFile: caFile)
        defer { client.close() }
        let game = try client.start(level: level.gameName, seed: seed)
        guard let venue = game.venues.first else { throw CLIError.failure("the game master gave instance \(game.instanceId) no venue") }
        progress(
            "\(level.name): \(level.rules.objective); \(level.days) days of \(level.stepsPerDay) bot steps; bots seeded \(seed); "
                + "instance \(game.instanceId) on \(venue) as \(game.account) at \(client.root); the detective watches \(Self.watchDays) days")
        let detective = try makeDetective(root: client.root, key: key, venue: Venue(venue), account: Account(game.account))
        let watch = Watch(client: client, instance: game.instanceId, detective: detective, lastDay: level.days, progress: progress)
        let report = try runBlocking {
            // Bounded however slowly the market steps: three times the level's length on time.
            try await detective.investigate(for: level.dayLength * (3 * level.days)) { watch.enough() }
        }
        if let suspect = report.suspect, !(try client.status(game.instanceId).done) {
            progress("accusing \(suspect.rawValue)")
            let summary = report.evidence.first { $0.account == suspect }?.summary ?? ""
            return try client.judge(game.instanceId, accusing: suspect.rawValue, summary: summary).details.verdict
        }
        return try client.concede(game.instanceId, reason: "the detective named nobody")
    }

    private func makeDetective(root: String, key: String, venue: Venue, account: Account) throws -> InsiderDetective {
        let base = root + "/ob/api"
        do throws(ExchangeError) {
            let client = try StockFighterClient(
                baseURL: base, apiKey: APIKey(key),
                policy: RetryPolicy(attemptTimeout: .seconds(5), maxAttempts: 3, totalBudget: .seconds(15)), rateLimiter: nil, caFile: caFile)
            let feeds = try StockFighterStreamEndpoint(baseURL: base, apiKey: APIKey(key), caFile: caFile)
            return InsiderDetective(client: client, feeds: feeds, venue: venue, symbol: level.symbol, account: account)
        } catch {
            throw CLIError.failure("the exchange at \(base): \(error)")
        }
    }

    /// When the detective has watched enough: asks the instance its day once a `pollInterval`,
    /// writing a progress line, and says so once `watchDays` have passed with a suspect named,
    /// or the level's last day has begun, or the instance has ended.
    private final class Watch: Sendable {
        let client: GameMasterClient
        let instance: Int
        let detective: InsiderDetective
        let lastDay: Int
        let progress: @Sendable (String) -> Void
        private let state = Mutex((next: ContinuousClock.now, enough: false))

        init(client: GameMasterClient, instance: Int, detective: InsiderDetective, lastDay: Int, progress: @escaping @Sendable (String) -> Void) {
            self.client = client
            self.instance = instance
            self.detective = detective
            self.lastDay = lastDay
            self.progress = progress
        }

        func enough() -> Bool {
            let due = state.withLock { state in
                guard !state.enough, ContinuousClock.now >= state.next else { return false }
                state.next = ContinuousClock.now + LevelDetective.pollInterval
                return true
            }
            guard due else { return state.withLock { $0.enough } }
            guard let status = try? client.status(instance) else { return false }
            let suspect = detective.report().suspect
            let day = status.details.tradingDay
            progress("day \(day)/\(status.details.endOfTheWorldDay): \(detective.accountsFound) accounts found, suspect \(suspect?.rawValue ?? "none yet")")
            let enough = status.done || day >= lastDay || (day > LevelDetective.watchDays && suspect != nil)
            state.withLock { $0.enough = enough }
            return enough
        }
    }
}
