import StrategyKit

/// An `OrderUpdate` for the strategy that placed the order.
public struct StrategyOrderUpdate: Hashable, Sendable {
    public var strategyID: StrategyID
    public var update: OrderUpdate

    public init(strategyID: StrategyID, update: OrderUpdate) {
        self.strategyID = strategyID
        self.update = update
    }
}
