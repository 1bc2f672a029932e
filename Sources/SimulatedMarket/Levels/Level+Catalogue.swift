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
}
