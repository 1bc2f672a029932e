import MarketTestSupport
@testable import SimulatedMarket
import StrategyKit
import Testing

/// A simulated exchange whose game master steps only when a test says (`step`), with the
/// levels and limits a test gives, and the calls the game master's tests make.
struct GameMasterFixture {
    let venue: VenueHarness

    /// A level of `rules` on FOOBAR that lasts `days` days of two bot steps each.
    static func tinyLevel(_ rules: LevelRules, days: Int = 2) -> Level {
        Level(
            name: "tiny-level", venue: "TESTEX", symbol: "FOOBAR",
            bots: BotConfiguration(bots: 4, intensity: 100, startPrice: 5_000, volatility: 2), botInterval: .milliseconds(50),
            dayLength: .milliseconds(100), days: days, rules: rules, instructions: "A level for tests.")
    }

    init(apiKeys: [Account: String]? = nil, configure: (inout GameMasterConfiguration) -> Void = { _ in }) throws {
        venue = try VenueHarness(apiKeys: apiKeys) { configuration in
            configuration.gameMaster.stepInterval = nil
            configure(&configuration.gameMaster)
        }
    }

    /// Steps every live instance `count` times.
    func step(_ count: Int = 1) {
        for _ in 0..<count { venue.server.stepGameMaster() }
    }

    /// `POST /gm/levels/:level`, with `?seed=` when given.
    func start(_ level: String, seed: Int? = nil, key: String? = "player-key") throws -> VenueHarness.Reply {
        try venue.request("POST", "/gm/levels/\(level)" + (seed.map { "?seed=\($0)" } ?? ""), key: key)
    }

    /// Starts `level` and returns the started instance's id, account and venue.
    func started(_ level: String, seed: Int? = 1, key: String = "player-key") throws -> (id: Int, account: String, venue: String) {
        let reply = try start(level, seed: seed, key: key)
        try #require(reply.status == 200, "\(reply.text)")
        let venues = try #require(reply["venues"] as? [String])
        return (try #require(reply.int("instanceId")), try #require(reply["account"] as? String), try #require(venues.first))
    }

    /// `GET /gm/instances/:id`.
    func status(_ id: Int, key: String? = "player-key") throws -> VenueHarness.Reply {
        try venue.request("GET", "/gm/instances/\(id)", key: key)
    }

    /// `POST /gm/instances/:id/:action`.
    func act(_ action: String, _ id: Int, key: String? = "player-key", body: String? = nil) throws -> VenueHarness.Reply {
        try venue.request("POST", "/gm/instances/\(id)/\(action)", body: body, key: key)
    }

    /// The game master's live instances and ended records now.
    var counts: (live: Int, ended: Int) { (venue.server.gameMaster.liveInstances, venue.server.gameMaster.endedRecords) }
}
