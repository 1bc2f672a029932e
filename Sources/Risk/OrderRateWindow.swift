import StrategyKit

/// The times of the orders approved in the last second, per strategy: a sliding window over
/// the timestamps the checker is given, so that it never reads a clock of its own.
struct OrderRateWindow: Sendable {
    private static let width: Int64 = 1_000_000_000
    private var approvals: [StrategyID: [Timestamp]] = [:]

    /// How many orders `strategy` had approved in the second ending at `now` (exclusive of
    /// anything at or before `now - 1s`). The strategy's times are found once and trimmed in place.
    mutating func count(for strategy: StrategyID, at now: Timestamp) -> Int {
        let horizon = now.advanced(byNanoseconds: -Self.width)
        guard let index = approvals.index(forKey: strategy) else { return 0 }
        let expired = approvals.values[index].firstIndex { $0 > horizon } ?? approvals.values[index].count
        if expired > 0 { approvals.values[index].removeFirst(expired) }
        return approvals.values[index].count
    }

    /// Records an approval at `now`.
    mutating func record(for strategy: StrategyID, at now: Timestamp) {
        approvals[strategy, default: []].append(now)
    }
}
