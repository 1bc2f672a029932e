import StrategyKit

/// An `OrderUpdate` for the strategy that placed the order.
public struct StrategyOrderUpdate: Hashable, Sendable {
    public var strategyID: StrategyID
    public var update: OrderUpdate
    /// The daemon's number for the order, where it has one (not for emulated orders).
    public var clientID: ClientOrderID?

    public init(strategyID: StrategyID, update: OrderUpdate, clientID: ClientOrderID? = nil) {
        self.strategyID = strategyID
        self.update = update
        self.clientID = clientID
    }
}
