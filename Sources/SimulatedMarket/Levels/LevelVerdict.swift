import StrategyKit

/// A judge's word on a level at one moment, with the figures it rests on (money in cents,
/// quantities in shares), for people and for `--json`.
public struct LevelVerdict: Hashable, Sendable, Codable {
    /// Whether the level is won, lost or still being played.
    public enum Outcome: String, Hashable, Sendable, Codable {
        case running, passed, failed
    }

    /// The level's name, e.g. `chock-a-block`.
    public var level: String
    public var outcome: Outcome
    /// Why, in one line (the goal reached, or what fell short).
    public var reason: String
    public var positionShares: Int64
    public var boughtShares: Int64
    public var soldShares: Int64
    /// The average price paid per share bought; nil before any buy.
    public var averageBuyPriceCents: Int64?
    /// The revealed target price, on levels that have one.
    public var targetPriceCents: Int64?
    public var cashCents: Int64
    /// The last trade's price the position is valued at; nil before any trade.
    public var markCents: Int64?
    /// Cash plus the position at the mark.
    public var profitCents: Int64
    /// The largest position either way after any fill.
    public var largestPositionShares: Int64
    public var fills: Int

    /// The figures as `name value` lines for people, money in dollars.
    public var figureLines: [String] {
        var lines = [
            "position \(positionShares) shares (largest \(largestPositionShares))",
            "bought \(boughtShares), sold \(soldShares) in \(fills) fills",
        ]
        if let averageBuyPriceCents { lines.append("average buy price \(Price(cents: averageBuyPriceCents))") }
        if let targetPriceCents { lines.append("target price \(Price(cents: targetPriceCents))") }
        lines.append("cash \(Money(cents: cashCents)), mark \(markCents.map { Price(cents: $0).description } ?? "none")")
        lines.append("profit \(Money(cents: profitCents))")
        return lines
    }

    /// The figures in one line for progress: position, buys and sells, the average buy price
    /// and the target when there are any, and the profit.
    public var progressSummary: String {
        var line = "position \(positionShares), bought \(boughtShares), sold \(soldShares)"
        if let averageBuyPriceCents { line += ", average \(Price(cents: averageBuyPriceCents))" }
        if let targetPriceCents { line += ", target \(Price(cents: targetPriceCents))" }
        return line + ", profit \(Money(cents: profitCents))"
    }
}
