import StrategyKit

/// The game's master for one level: from the account's fills (in the exchange's order), the
/// revealed target and the last trade's price, says whether the level is won, lost or still on.
/// Pure: the same inputs always give the same verdict.
public struct LevelJudge: Hashable, Sendable {
    /// The level's name, carried into verdicts.
    public let level: String
    public let rules: LevelRules

    /// A judge of `rules` for the level called `level`.
    public init(level: String, rules: LevelRules) {
        self.level = level
        self.rules = rules
    }

    /// The tally of `fills`, checked against the level's position limit if it has one.
    public func tally(_ fills: [LevelFill]) -> LevelTally {
        switch rules {
        case .makeMarket(_, let limit), .realizeProfit(_, let limit): return LevelTally(fills, positionLimit: limit)
        case .buy, .buyBelowTarget, .nameTheInsider: return LevelTally(fills)
        }
    }

    /// Whether the level's target should now be revealed: it has one, it is not out yet, and
    /// the account already holds the shares that bring it out.
    public func targetDue(_ tally: LevelTally, revealed target: Price?) -> Bool {
        guard target == nil, case .buyBelowTarget(_, let revealAfter, _) = rules else { return false }
        return tally.position >= revealAfter
    }

    /// The target revealed when the fair value is `fairValue`; nil on levels without one.
    public func target(atFairValue fairValue: Price) -> Price? {
        guard case .buyBelowTarget(_, _, let allowance) = rules else { return nil }
        return fairValue + allowance
    }

    /// The verdict on `fills` with `target` revealed (or not) and the position valued at `mark`;
    /// `finished` means time is up, so a level not won by now is lost.
    public func verdict(fills: [LevelFill], target: Price?, mark: Price?, finished: Bool) -> LevelVerdict {
        let tally = tally(fills)
        let (outcome, reason) = judge(tally, target: target, mark: mark, finished: finished)
        return LevelVerdict(
            level: level, outcome: outcome, reason: reason, positionShares: tally.position.shares,
            boughtShares: tally.bought.shares, soldShares: tally.sold.shares,
            // The verdict's figures are cents: the level's exchange trades whole cents, and an
            // average is rounded toward zero as before.
            averageBuyPriceCents: tally.averageBuyPrice?.cents(rounded: .towardZero),
            targetPriceCents: target?.cents(rounded: .towardZero), cashCents: tally.cash.cents(rounded: .towardZero),
            markCents: mark?.cents(rounded: .towardZero),
            profitCents: tally.profit(markedAt: mark).cents(rounded: .towardZero), largestPositionShares: tally.largestPosition.shares,
            fills: tally.fills)
    }

    /// The verdict on naming `accused` when the insider is `insider`: passed when they are the
    /// same account; failed otherwise, naming only the account accused (the insider stays a
    /// secret for the next try).
    public func verdict(accusing accused: Account, insider: Account) -> LevelVerdict {
        let right = accused == insider
        return LevelVerdict(
            level: level, outcome: right ? .passed : .failed,
            reason: right ? "\(accused.rawValue) is the insider" : "\(accused.rawValue) is not the insider",
            positionShares: 0, boughtShares: 0, soldShares: 0, averageBuyPriceCents: nil, targetPriceCents: nil, cashCents: 0,
            markCents: nil, profitCents: 0, largestPositionShares: 0, fills: 0)
    }

    private func judge(_ tally: LevelTally, target: Price?, mark: Price?, finished: Bool) -> (LevelVerdict.Outcome, String) {
        let timeUp = "time ran out"
        switch rules {
        case .buy(let shares):
            if tally.position >= shares { return (.passed, "holds \(tally.position.shares) of \(shares.shares) shares") }
            return finished ? (.failed, "\(timeUp) holding \(tally.position.shares) of \(shares.shares) shares") : (.running, "buying")
        case .buyBelowTarget(let shares, _, _):
            guard tally.position >= shares, let target, let average = tally.averageBuyPrice else {
                return finished ? (.failed, "\(timeUp) holding \(tally.position.shares) of \(shares.shares) shares") : (.running, "buying")
            }
            if average < target {
                return (.passed, "bought \(shares.shares) shares at an average of \(average), below the target \(target)")
            }
            return (.failed, "bought \(shares.shares) shares at an average of \(average), not below the target \(target)")
        case .makeMarket(let goal, let limit):
            if let breach = breach(tally, limit: limit) { return (.failed, breach) }
            let profit = tally.profit(markedAt: mark)
            if profit >= goal { return (.passed, "made \(profit) of profit, the goal being \(goal)") }
            return finished ? (.failed, "\(timeUp) with \(profit) of profit, short of \(goal)") : (.running, "trading")
        case .realizeProfit(let goal, let limit):
            if let breach = breach(tally, limit: limit) { return (.failed, breach) }
            if tally.position == .zero, tally.cash >= goal { return (.passed, "made \(tally.cash) with the position closed, the goal being \(goal)") }
            guard finished else { return (.running, "trading") }
            if tally.position != .zero { return (.failed, "\(timeUp) holding \(tally.position.shares) shares, \(tally.cash) in cash") }
            return (.failed, "\(timeUp) with \(tally.cash) realised, short of \(goal)")
        case .nameTheInsider:
            return finished ? (.failed, "\(timeUp) before anyone was named") : (.running, "investigating")
        }
    }

    /// The reason a level with a position limit is lost, if the tally ever went beyond it.
    private func breach(_ tally: LevelTally, limit: Quantity) -> String? {
        tally.firstBreach.map { "fill \($0.fill) took the position to \($0.position.shares), beyond ±\(limit.shares)" }
    }
}
