import Risk
import StrategyKit

extension RiskExposure {
    /// The exposure the risk checker needs, from the portfolio's positions and the tracker's
    /// open orders (including those still without an exchange id), ranked by client id, each
    /// named by its client id while its placement's outcome is unknown.
    public init(portfolio: Portfolio, orders: OrderTracker) {
        self.init(
            positions: portfolio.positions,
            orders: orders.orders.values.map {
                ExposedOrder(
                    strategyID: $0.strategyID, sequence: $0.clientID.rawValue, order: $0.openOrder,
                    unsettledName: $0.outcomeUnknownSince == nil ? nil : $0.clientID.description)
            })
    }
}
