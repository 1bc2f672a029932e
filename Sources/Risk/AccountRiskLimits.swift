import StrategyKit

/// The limits that apply to the whole account, across all strategies.
public struct AccountRiskLimits: Hashable, Sendable, Codable {
    /// The largest absolute position in any one symbol summed over all strategies, counting their
    /// same-side open orders and the new order.
    public var maxSymbolPosition: Quantity
    /// The largest loss of all strategies together (realized plus unrealized since the start of
    /// the UTC day) before the whole account is halted.
    public var maxLoss: Money

    public init(maxSymbolPosition: Quantity, maxLoss: Money) {
        self.maxSymbolPosition = maxSymbolPosition
        self.maxLoss = maxLoss
    }
}
