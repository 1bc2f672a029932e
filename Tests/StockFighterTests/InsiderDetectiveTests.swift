import APIClient
import Live
import MarketTestSupport
import SimulatedMarket
import StockFighter
import StrategyKit
import Synchronization
import Testing

/// The detective against level making-amends' market on a simulated exchange, as the game
/// master serves it (keys in force, executions feeds open), its bots on a fast timer; one
/// market at a time, so that each one's bots keep their pace.
@Suite(.serialized, .timeLimit(.minutes(20))) struct InsiderDetectiveTests {
    private static let detective: Account = "DET424242"

    /// The level's market for `seed`, stepping every 10 ms, the detective's key the only one.
    private func market(seed: UInt64, openFeeds: Bool = true) throws -> VenueHarness {
        let level = Level.makingAmends
        return try VenueHarness(
            apiKeys: [Self.detective: "key-det"], bots: level.bots, botSeed: seed, botInterval: .milliseconds(10)
        ) { configuration in
            configuration.openExecutionFeeds = openFeeds
            configuration.orderRetention = nil
            configuration.alpaca = nil
            configuration.edgar = nil
        }
    }

    /// The detective's report once it has found `accounts` accounts and the market has taken
    /// `steps` more steps since (three minutes at most, a bound against a hang): counted in its
    /// progress and the market's steps, not in seconds, so that a busy machine (bots stepping
    /// late) gives it the same market to watch. It investigates on a thread of its own, as the
    /// daemon's runner trades on one: the full suite keeps the task pool busy for seconds at a
    /// time, and once held the detective from its first question for a whole minute.
    /// `whenAllFound` is called once, when it has found them all.
    private func investigate(
        _ venue: VenueHarness, accounts: Int, steps: Int, whenAllFound: @escaping @Sendable (InsiderDetective) -> Void = { _ in }
    ) async throws -> InsiderDetective.Report {
        let base = "http://\(venue.server.address)/ob/api"
        let detective = InsiderDetective(
            client: try client(base, key: "key-det"), feeds: try StockFighterStreamEndpoint(baseURL: base, apiKey: APIKey("key-det")),
            venue: testex, symbol: foobar, account: Self.detective, horizon: .milliseconds(400))
        let server = venue.server
        let allFoundAt = Mutex<Int?>(nil)
        let executor = ThreadExecutor(name: "detective")
        defer { executor.shutDown() }
        return try await withTaskExecutorPreference(executor) {
            try await detective.investigate(for: .seconds(180)) {
                let now = server.botSteps
                let since = allFoundAt.withLock { found in
                    if found == nil, detective.accountsFound >= accounts {
                        found = now
                        whenAllFound(detective)
                    }
                    return found
                }
                return since.map { now >= $0 + steps } ?? false
            }
        }
    }

    @Test(arguments: [1, 2, 3, 4, 5] as [UInt64])
    func theDetectiveNamesTheInsider(seed: UInt64) async throws {
        let venue = try market(seed: seed)
        let bots = MarketBots(symbols: [foobar], configuration: Level.makingAmends.bots, seed: seed).accounts
        let report = try await investigate(venue, accounts: bots.count, steps: 600)
        let insider = try #require(venue.server.insider(on: testex))
        let evidence = report.evidence.map(\.summary).joined(separator: "\n")
        #expect(
            report.suspect == insider,
            "seed \(seed): \(report.accountsFound.count) accounts found, \(report.probes) asked about, \(venue.server.botSteps) steps\n\(evidence)")
        #expect(report.feedsRefused.isEmpty && report.accountsFound.contains(insider) && !report.accountsFound.contains(Self.detective))
        #expect(Set(report.accountsFound) == Set(bots))
        // Its own orders, far from the market, are cancelled again.
        #expect(venue.server.orders(of: Self.detective, on: testex).allSatisfy { !$0.open })
    }

    @Test func withTheFeedsClosedItFindsTheTradersButCannotWatchThem() async throws {
        let venue = try market(seed: 1, openFeeds: false)
        let report = try await investigate(venue, accounts: 1, steps: 100)
        #expect(!report.accountsFound.isEmpty)
        #expect(Set(report.feedsRefused) == Set(report.accountsFound))
        #expect(report.suspect == nil && report.evidence.isEmpty)
    }

    @Test func feedsThatDropAreOpenedAgainAndTheEvidenceGoesOn() async throws {
        let venue = try market(seed: 1)
        let server = venue.server
        let bots = MarketBots(symbols: [foobar], configuration: Level.makingAmends.bots, seed: 1).accounts
        let fillsAtDrop = Mutex<Int?>(nil)
        let report = try await investigate(venue, accounts: bots.count, steps: 600) { detective in
            fillsAtDrop.withLock { $0 = detective.report().evidence.reduce(0) { $0 + $1.fills } }
            _ = server.dropStreams()
        }
        let before = try #require(fillsAtDrop.withLock { $0 })
        // The tickertape and every account's executions, each at least once.
        #expect(report.feedsReopened >= bots.count + 1)
        #expect(report.evidence.reduce(0) { $0 + $1.fills } > before, "\(before) fills when the feeds dropped")
        #expect(report.suspect == server.insider(on: testex))
    }
}
