import StrategyKit

/// Profit and loss split into the part locked in by closing shares and the part that the open
/// position would make if closed at the mark.
public struct ProfitAndLoss: Hashable, Sendable, Codable {
    /// Realized by closing shares.
    public var realized: Money
    /// The open position marked to the mark price, minus its cost.
    public var unrealized: Money

    public init(realized: Money = .zero, unrealized: Money = .zero) {
        self.realized = realized
        self.unrealized = unrealized
    }

    /// Realized plus unrealized.
    public var total: Money { realized + unrealized }
}
