import Risk
import StrategyKit

/// What the engine asks the outside world to do. Only risk-approved orders can be placed.
public enum EngineAction: Hashable, Sendable {
    /// Send the approved order; report the outcome as `placed`, `placeRejected` or
    /// `placeOutcomeUnknown` for `client`.
    case place(ClientOrderID, ApprovedOrder)
    /// Cancel the order `orderID`; report the response as an `orderReports` event.
    case cancel(venue: Venue, symbol: Symbol, orderID: OrderID)
    /// Send the approved orders of a group as one order of class `orderClass` (a venue that keeps
    /// groups); report each leg's outcome as for `place`, under its own number.
    case placeGroup(OrderClass, legs: [GroupLeg])
    /// Amend order `orderID` in place to the approved request (a venue that can), which the venue
    /// answers with a new order: report it as `placed` for `client`, or the failure as for `place`.
    case replace(venue: Venue, orderID: OrderID, ClientOrderID, ApprovedOrder)
    /// A trading state changed (persist the risk state so it survives a restart).
    case tradingStateChanged(TradingStateChange)

    /// One order of a `placeGroup`: its number and the approved request.
    public struct GroupLeg: Hashable, Sendable {
        public var client: ClientOrderID
        public var order: ApprovedOrder
    }
}
