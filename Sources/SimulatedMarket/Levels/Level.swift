import HTTP
import StrategyKit

/// A practice level: the market the simulated exchange opens with (venue, stock, bots), how
/// long it lasts in trading days, and the rules its judge applies. The market is the same for a
/// given seed as far as the bots go; outside orders change it as they would any market.
public struct Level: Sendable {
    /// The name on the command line, e.g. `first-steps`.
    public let name: String
    public let venue: Venue
    public let symbol: Symbol
    /// The bots trading `symbol` (and the practice venue's stock, when `venue` is `TESTEX`).
    public let bots: BotConfiguration
    /// One bot step: the clock of the simulated market.
    public let botInterval: Duration
    /// The length of a simulated trading day on a machine that lets the bots step on time; on
    /// the market's clock a day is `stepsPerDay` bot steps, however long they take.
    public let dayLength: Duration
    /// The level ends, lost unless already won, after this many days.
    public let days: Int
    public let rules: LevelRules

    /// The bot steps of one trading day.
    public var stepsPerDay: Int { Int((dayLength / botInterval).rounded()) }

    /// The time limit on the market's clock: `days` trading days of bot steps. Counted in steps
    /// rather than seconds, a level gives a player the same market whether the machine is idle
    /// or loaded (the bots step later, never in bursts, when their thread is held up).
    public var steps: Int { stepsPerDay * days }

    /// The judge of this level.
    public var judge: LevelJudge { LevelJudge(level: name, rules: rules) }

    /// The exchange's configuration for a run with bots seeded `seed`, listening on `listen`.
    public func venueConfiguration(seed: UInt64, listen: HTTPAddress = HTTPAddress(host: "127.0.0.1", port: 0)) throws(VenueError)
        -> VenueConfiguration
    {
        var configuration = try VenueConfiguration(listen: listen, venue: venue.rawValue, symbols: [symbol.rawValue])
        configuration.bots = bots
        configuration.botSeed = seed
        configuration.botInterval = botInterval
        // The judge reads every order of the player; a level is short enough to keep them all.
        configuration.orderRetention = nil
        return configuration
    }

    /// Every level, in the order they are played.
    public static let all: [Level] = [firstSteps, chockABlock, sellSide]

    /// The level called `name`, if there is one.
    public static func named(_ name: String) -> Level? {
        all.first { $0.name == name }
    }
}
