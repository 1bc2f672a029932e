import StrategyKit

/// What a level asks of the account it judges, as the game's master stated it.
public enum LevelRules: Hashable, Sendable {
    /// Hold at least `shares` (first-steps).
    case buy(shares: Quantity)
    /// Hold at least `shares`, bought at an average price below a target that is revealed once
    /// `revealAfter` shares are held: the fair value at that moment plus `allowance`
    /// (chock-a-block).
    case buyBelowTarget(shares: Quantity, revealAfter: Quantity, allowance: Price)
    /// Reach `profit` (cash plus the position marked to the last trade) while the position never
    /// leaves ±`positionLimit`, judged after every fill (sell-side).
    case makeMarket(profit: Money, positionLimit: Quantity)
    /// Hold `profit` in cash with the position closed (nothing held, so the profit is realised,
    /// not a mark the player's own orders set), while the position never leaves ±`positionLimit`,
    /// judged after every fill (irrational-exuberance).
    case realizeProfit(profit: Money, positionLimit: Quantity)
    /// Name the insider among the venue's traders to the judge (making-amends): judged on the
    /// accusation (`LevelJudge.verdict(accusing:insider:)`), never on fills.
    case nameTheInsider

    /// The objective in one line, for help and progress.
    public var objective: String {
        switch self {
        case .buy(let shares):
            return "buy \(shares.shares) shares"
        case .buyBelowTarget(let shares, _, let allowance):
            return "buy \(shares.shares) shares at an average below a target revealed after the first fills "
                + "(the fair value then plus \(allowance.cents(rounded: .towardZero)) cents)"
        case .makeMarket(let profit, let limit):
            return "make $\(profit) of profit (cash plus position at the last price) "
                + "with the position within ±\(limit.shares) shares at every fill"
        case .realizeProfit(let profit, let limit):
            return "make $\(profit) of profit and close the position (cash with nothing held) "
                + "with the position within ±\(limit.shares) shares at every fill"
        case .nameTheInsider:
            return "find the account trading on inside knowledge among the venue's traders and name it to the judge"
        }
    }
}
