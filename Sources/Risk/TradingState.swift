/// How much a strategy (or the whole account) may trade.
public enum TradingState: String, Hashable, Sendable, Codable, CaseIterable {
    /// Every order that passes the checks.
    case active
    /// Only orders that reduce the position; cancels.
    case reducing
    /// Only cancels.
    case halted
}
