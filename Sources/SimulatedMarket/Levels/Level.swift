import StrategyKit

/// A practice level: the market the game master opens for each player who starts it (stock,
/// bots, on a venue of the instance's own), how long it lasts in trading days, and the rules
/// its judge applies. The market is the same for a
/// given seed as far as the bots go; outside orders change it as they would any market.
public struct Level: Sendable {
    /// The name on the command line, e.g. `first-steps`.
    public let name: String
    /// The venue the level's default configuration names; each game-master instance trades on
    /// a venue of its own instead.
    public let venue: Venue
    public let symbol: Symbol
    /// The bots trading `symbol`.
    public let bots: BotConfiguration
    /// One bot step: the clock of the simulated market.
    public let botInterval: Duration
    /// The length of a simulated trading day on a machine that lets the bots step on time; on
    /// the market's clock a day is `stepsPerDay` bot steps, however long they take.
    public let dayLength: Duration
    /// The level ends, lost unless already won, after this many days.
    public let days: Int
    public let rules: LevelRules
    /// What the game master shows a player starting the level: its goal and rules, in our words.
    public let instructions: String

    /// The name the game master knows the level by: `name` with `_` for `-` (`first_steps`).
    public var gameName: String { String(name.map { $0 == "-" ? "_" : $0 }) }

    /// The bot steps of one trading day.
    public var stepsPerDay: Int { Int((dayLength / botInterval).rounded()) }

    /// The time limit on the market's clock: `days` trading days of bot steps. Counted in steps
    /// rather than seconds, a level gives a player the same market whether the machine is idle
    /// or loaded (the bots step later, never in bursts, when their thread is held up).
    public var steps: Int { stepsPerDay * days }

    /// The judge of this level.
    public var judge: LevelJudge { LevelJudge(level: name, rules: rules) }

    /// The market of one game-master instance of the level: the level's stock alone on `venue`,
    /// its bots seeded `seed`, `key` the only key, and that of `account`. The bots step when the
    /// game master steps them.
    func instanceConfiguration(venue: Venue, account: Account, key: String, seed: UInt64) -> VenueConfiguration {
        var configuration = VenueConfiguration(
            instance: VenueListing(
                venue: venue,
                stocks: [VenueListing.testExchange.stocks.first { $0.symbol == symbol } ?? ListedStock(symbol: symbol)]),
            apiKeys: [account: key])
        configuration.bots = bots
        configuration.botSeed = seed
        configuration.botInterval = nil
        // The judge reads every order of the player; an instance ends on its deadline, so
        // keeping them all is bounded.
        configuration.orderRetention = nil
        configuration.alpaca = nil
        configuration.edgar = nil
        // Any account's executions feed is open to anyone, as the game's were: how making-amends'
        // insider is found.
        configuration.openExecutionFeeds = true
        return configuration
    }

    /// Every level, in the order they are played.
    public static let all: [Level] = [firstSteps, chockABlock, sellSide, duelingBulldozers, irrationalExuberance, makingAmends]

    /// The level called `name` on the command line or in the game (`first-steps` or
    /// `first_steps`), if there is one.
    public static func named(_ name: String) -> Level? {
        all.first { $0.name == name || $0.gameName == name }
    }
}
