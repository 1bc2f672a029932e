import Risk
import StrategyKit

extension RiskExposure {
    /// The exposure the risk checker needs, from the portfolio's positions and the tracker's
    /// open orders (including those still without an exchange id).
    public init(portfolio: Portfolio, orders: OrderTracker) {
        self.init(positions: portfolio.positions, openOrders: orders.openOrdersByStrategy)
    }
}
