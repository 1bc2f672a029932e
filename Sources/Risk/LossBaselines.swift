import StrategyKit

/// What `RiskChecker.evaluateLoss` settled on its last full evaluation, resolved so that the
/// next evaluation on the same day can tell, by comparing numbers instead of hashing names, that
/// it would change nothing. Dropped whenever the trading states or the limits change.
struct LossBaselines: Sendable {
    /// The UTC day evaluated.
    var day: Int64
    /// The strategies evaluated, in id order, with their day-start P&L and the loss that would
    /// halt them (nil when nothing would: no limit, or already halted).
    var strategies: [(id: StrategyID, start: Money, maxLoss: Int64?)]
    /// The account loss that would halt the account; nil when it is halted already.
    var accountMaxLoss: Int64?

    /// Whether evaluating `pnl` (sorted by strategy id) on `day` would change nothing: the same
    /// day, the same strategies, and no loss beyond a limit that would halt.
    func wouldChangeNothing(_ pnl: [(key: StrategyID, value: Money)], on day: Int64) -> Bool {
        guard day == self.day, pnl.count == strategies.count else { return false }
        var totalLoss: Int64 = 0
        for index in pnl.indices {
            let strategy = strategies[index]
            guard pnl[index].key == strategy.id else { return false }
            let loss = (strategy.start - pnl[index].value).units
            totalLoss += loss
            if let maxLoss = strategy.maxLoss, loss > maxLoss { return false }
        }
        if let accountMaxLoss, totalLoss > accountMaxLoss { return false }
        return true
    }
}
