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
    /// The name the engine knows the order by (its client id), while its placement has an
    /// unknown outcome: the exchange may or may not have it until the account's orders settle
    /// it, so the strategy's position in the symbol is not known. Nil once the outcome is known.
    public var unsettledName: String?

    public init(strategyID: StrategyID, sequence: UInt64, order: OpenOrder, unsettledName: String? = nil) {
        self.strategyID = strategyID
        self.sequence = sequence
        self.order = order
        self.unsettledName = unsettledName
    }
}
