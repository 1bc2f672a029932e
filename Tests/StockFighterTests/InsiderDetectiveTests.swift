import APIClient
import MarketTestSupport
import SimulatedMarket
import StockFighter
import StrategyKit
import Testing

/// The detective against level making-amends' market on a simulated exchange, as the game
/// master serves it (keys in force, executions feeds open), its bots on a fast timer; one
/// market at a time, so that each one's bots keep their pace.
@Suite(.serialized, .timeLimit(.minutes(10))) struct InsiderDetectiveTests {
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

    /// The detective's report once the market has taken `steps` more steps (a minute at most),
    /// so that a busy machine, whose bots step late or whose test starts late, gives it as much
    /// of the market to watch.
    private func investigate(_ venue: VenueHarness, steps: Int) async throws -> InsiderDetective.Report {
        let base = "http://\(venue.server.address)/ob/api"
        let detective = InsiderDetective(
            client: try client(base, key: "key-det"), feeds: try StockFighterStreamEndpoint(baseURL: base, apiKey: APIKey("key-det")),
            venue: testex, symbol: foobar, account: Self.detective, horizon: .milliseconds(400))
        let server = venue.server
        let start = server.botSteps
        return try await detective.investigate(for: .seconds(60)) { server.botSteps >= start + steps }
    }

    @Test(arguments: [1, 2, 3, 4, 5] as [UInt64])
    func theDetectiveNamesTheInsider(seed: UInt64) async throws {
        let venue = try market(seed: seed)
        let report = try await investigate(venue, steps: 800)
        let insider = try #require(venue.server.insider(on: testex))
        let evidence = report.evidence.map(\.summary).joined(separator: "\n")
        #expect(
            report.suspect == insider,
            "seed \(seed): \(report.accountsFound.count) accounts found, \(report.probes) asked about, \(venue.server.botSteps) steps\n\(evidence)")
        #expect(report.feedsRefused.isEmpty && report.accountsFound.contains(insider) && !report.accountsFound.contains(Self.detective))
        let bots = MarketBots(symbols: [foobar], configuration: Level.makingAmends.bots, seed: seed).accounts
        #expect(Set(report.accountsFound).isSubset(of: Set(bots)))
        // Its own orders, far from the market, are cancelled again.
        #expect(venue.server.orders(of: Self.detective, on: testex).allSatisfy { !$0.open })
    }

    @Test func withTheFeedsClosedItFindsTheTradersButCannotWatchThem() async throws {
        let venue = try market(seed: 1, openFeeds: false)
        let report = try await investigate(venue, steps: 300)
        #expect(!report.accountsFound.isEmpty)
        #expect(Set(report.feedsRefused) == Set(report.accountsFound))
        #expect(report.suspect == nil && report.evidence.isEmpty)
    }
}
