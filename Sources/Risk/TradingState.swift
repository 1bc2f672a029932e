/// How much a strategy (or the whole account) may trade.
public enum TradingState: String, Hashable, Sendable, Codable, CaseIterable {
    /// Every order that passes the checks.
    case active
    /// Only orders that reduce the position; cancels.
    case reducing
    /// Only cancels.
    case halted

    /// Whether `self` allows less than `other`.
    func isStricter(than other: TradingState) -> Bool { rank > other.rank }

    private var rank: Int {
        switch self {
        case .active: 0
        case .reducing: 1
        case .halted: 2
        }
    }
}
