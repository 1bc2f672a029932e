import StrategyKit

/// One open order in a `RiskExposure`: whose it is, and where it stands among its strategy's
/// orders.
public struct ExposedOrder: Sendable {
    /// The strategy that placed it.
    public var strategyID: StrategyID
    /// Orders of one strategy are looked at in increasing `sequence` (oldest first when it
    /// follows submission); it means nothing across strategies.
    public var sequence: UInt64
    public var order: OpenOrder

    public init(strategyID: StrategyID, sequence: UInt64, order: OpenOrder) {
        self.strategyID = strategyID
        self.sequence = sequence
        self.order = order
    }
}
