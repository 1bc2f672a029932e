import StrategyKit

/// What a trading state applies to: one strategy, or the whole account.
public enum TradingScope: Hashable, Sendable, Codable, CustomStringConvertible {
    /// Every strategy together.
    case account
    /// One strategy.
    case strategy(StrategyID)

    /// `account` or `strategy <id>`.
    public var description: String {
        switch self {
        case .account: "account"
        case .strategy(let id): "strategy \(id)"
        }
    }
}
