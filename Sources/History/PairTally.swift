import Ledger
import StrategyKit

/// What one (strategy, symbol) pair holds while a batch of fills is added: the P&L it had
/// realized after its last fill, and what the batch adds to each of its days' summaries.
struct PairTally {
    var realized: Money
    /// By UTC day number (days since 1970-01-01).
    var days: [Int64: DaySummary] = [:]

    /// Adds the fill of `entry`, which realized `realized` on day `day`.
    mutating func add(_ entry: LedgerEntry, realized: Money, day: Int64) {
        self.realized = entry.realizedAfter
        days[day, default: DaySummary()].add(entry.fill, realized: realized)
    }
}

extension Dictionary where Key == HistoryDatabase.PairKey, Value == PairTally {
    /// The slot of a new pair `pair`, which has realized nothing yet.
    mutating func insertingSlot(for pair: Key) -> Index {
        self[pair] = PairTally(realized: .zero)
        return index(forKey: pair)!
    }
}
