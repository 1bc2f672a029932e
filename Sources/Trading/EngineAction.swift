import Risk
import StrategyKit

/// What the engine asks the outside world to do. Only risk-approved orders can be placed.
public enum EngineAction: Hashable, Sendable {
    /// Send the approved order; report the outcome as `placed`, `placeRejected` or
    /// `placeOutcomeUnknown` for `client`.
    case place(ClientOrderID, ApprovedOrder)
    /// Cancel the order `orderID`; report the response as an `orderReports` event.
    case cancel(venue: Venue, symbol: Symbol, orderID: OrderID)
    /// A trading state changed (persist the risk state so it survives a restart).
    case tradingStateChanged(TradingStateChange)
}
