import StrategyKit

// How the market was calibrated is recorded in `Sources/SimulatedMarket/Levels/CALIBRATION.md`.
extension Level {
    /// Find the insider: four makers and four takers trade FOOBAR around a drifting fair value,
    /// and a ninth trader knows that value twenty steps ahead. Every account's name is drawn
    /// from the seed, so only its trading gives the insider away. Judged on an accusation.
    public static let makingAmends = Level(
        name: "making-amends", venue: Venue("TESTEX"), symbol: Symbol("FOOBAR"),
        bots: makingAmendsBots, botInterval: .milliseconds(50), dayLength: .seconds(5), days: 24,
        rules: .nameTheInsider, instructions: makingAmendsInstructions)

    /// The bots of making-amends: the market of first-steps, busier and with an insider.
    static var makingAmendsBots: BotConfiguration {
        var bots = BotConfiguration(bots: 8, intensity: 100, startPrice: 5_000, volatility: 3)
        bots.insider = InsiderConfiguration(lookahead: 20, margin: 3, tradeChance: 40, maxSize: 15, positionLimit: 150)
        bots.drawsAccountNames = true
        return bots
    }
}
