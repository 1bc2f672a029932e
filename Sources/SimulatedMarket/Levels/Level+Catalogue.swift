import StrategyKit

// How the markets were calibrated is recorded in `Sources/SimulatedMarket/Levels/CALIBRATION.md`.
extension Level {
    /// Buy 100 shares in a quiet market: the first order through the whole path.
    public static let firstSteps = Level(
        name: "first-steps", venue: Venue("TESTEX"), symbol: Symbol("FOOBAR"),
        bots: BotConfiguration(bots: 4, intensity: 100, startPrice: 5_000, volatility: 2),
        botInterval: .milliseconds(50), dayLength: .seconds(5), days: 2,
        rules: .buy(shares: 100), instructions: firstStepsInstructions)

    /// Buy a 100,000-share block below a target revealed after the first fill. The market holds
    /// its value (no drift) and its three makers never run out of stock, but each shows thin
    /// quotes that it refreshes every step or two, so the test is the buyer's own footprint:
    /// taking the touch as it refreshes wins; sweeping the book, or bidding through it, pays
    /// more than the allowance.
    public static let chockABlock = Level(
        name: "chock-a-block", venue: Venue("TESTEX"), symbol: Symbol("FOOBAR"),
        bots: BotConfiguration(
            bots: 6, intensity: 300, startPrice: 5_000, volatility: 0, makerPositionLimit: 100_000_000,
            makerQuoteSize: 300),
        botInterval: .milliseconds(50), dayLength: .seconds(5), days: 16,
        rules: .buyBelowTarget(shares: 100_000, revealAfter: 1, allowance: 10),
        instructions: chockABlockInstructions)

    /// Make $10,000 providing liquidity in a wide market with busy takers, without ever holding
    /// more than 1,000 shares either way.
    public static let sellSide = Level(
        name: "sell-side", venue: Venue("TESTEX"), symbol: Symbol("FOOBAR"),
        bots: BotConfiguration(
            bots: 8, intensity: 300, startPrice: 5_000, volatility: 2, makerPositionLimit: 1_000_000,
            makerQuoteSize: 500, makerHalfSpread: 20...40, takerMaxSize: 200),
        botInterval: .milliseconds(50), dayLength: .seconds(5), days: 12,
        rules: .makeMarket(profit: 1_000_000, positionLimit: 1_000), instructions: sellSideInstructions)

    /// Make $20,000 providing liquidity, within ±1,000 shares, in a market where a large trader
    /// now and then sweeps the book in bursts of thousands of shares, one direction at a time.
    /// The sweeps carry no information (the fair value does not follow them), so a maker whose
    /// quotes stand deep enough to sell high to a sweep, and who can hold the limit until the
    /// price comes back, earns far more than the spread; one that quotes as on sell-side is run
    /// over at prices the sweep passes on its way and earns too little.
    public static let duelingBulldozers = Level(
        name: "dueling-bulldozers", venue: Venue("TESTEX"), symbol: Symbol("FOOBAR"),
        bots: bulldozerMarket, botInterval: .milliseconds(50), dayLength: .seconds(5), days: 20,
        rules: .makeMarket(profit: 2_000_000, positionLimit: 1_000), instructions: duelingBulldozersInstructions)

    /// Make $1,500 of realised profit in a quiet market of momentum chasers whose makers follow
    /// the tape: a push of a few hundred shares lifts the price past anything the market does on
    /// its own, the chasers run it further, buying the player's offers above, and dump when it
    /// stalls. Holding a position gains nothing: only cash with the position closed counts.
    public static let irrationalExuberance = Level(
        name: "irrational-exuberance", venue: Venue("TESTEX"), symbol: Symbol("FOOBAR"),
        bots: chaserMarket, botInterval: .milliseconds(50), dayLength: .seconds(5), days: 20,
        rules: .realizeProfit(profit: 150_000, positionLimit: 1_000), instructions: irrationalExuberanceInstructions)

    /// sell-side's market with a bulldozer sweeping up to 3,000 shares at a time.
    private static var bulldozerMarket: BotConfiguration {
        var bots = BotConfiguration(
            bots: 8, intensity: 300, startPrice: 5_000, volatility: 2, makerPositionLimit: 1_000_000,
            makerQuoteSize: 500, makerHalfSpread: 20...40, takerMaxSize: 200)
        bots.bulldozersPerSymbol = 1
        bots.bulldozerMaxSize = 3_000
        return bots
    }

    /// Thin makers around a fair value that does not walk, follows the tape beyond 5 cents and is
    /// pulled back to its start, small noise takers that stay within the makers' spread, and three
    /// momentum chasers.
    private static var chaserMarket: BotConfiguration {
        var bots = BotConfiguration(
            bots: 5, intensity: 300, startPrice: 5_000, volatility: 0, makerPositionLimit: 100_000_000, makerQuoteSize: 30,
            makerHalfSpread: 2...4, takerMaxSize: 20)
        bots.chasersPerSymbol = 3
        bots.chaserMaxSize = 1_000
        bots.tapeFollowPercent = 100
        bots.tapeFollowDeadband = 5
        bots.valuePullPercent = 5
        return bots
    }
}
