import StrategyKit

/// What the detective holds against one account (`InsiderScoring`): its fills, position, cash
/// and profit marked to the last trade, and how the mid moved after its trades.
public struct InsiderEvidence: Hashable, Sendable, Codable {
    public var account: Account
    public var fills = 0
    public var boughtShares: Int64 = 0
    public var soldShares: Int64 = 0
    public var positionShares: Int64 = 0
    /// Cash received minus cash paid, from zero.
    public var cash: Money = .zero
    /// Cash plus the position at the last trade's price.
    public var profit: Money = .zero
    /// Fills whose following move could be judged (the mid known before and a horizon after).
    public var judgedFills = 0
    /// Judged fills after which the mid moved the account's way, and against it.
    public var favourableFills = 0
    public var adverseFills = 0
    /// The mid's move over the horizon after its fills, in its favour, per share judged.
    public var edgePerShare: Price = .zero

    /// Evidence of no fills yet against `account`.
    public init(account: Account) {
        self.account = account
    }

    /// The evidence in one line for people.
    public var summary: String {
        "\(account.rawValue): \(fills) fills (bought \(boughtShares), sold \(soldShares), position \(positionShares)), "
            + "profit \(profit) at the last trade; edge \(edgePerShare) a share over \(judgedFills) judged fills, "
            + "\(favourableFills) followed by a move its way and \(adverseFills) against"
    }
}
