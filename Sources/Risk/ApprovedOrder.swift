import StrategyKit

/// An order the risk checker approved. Only `RiskChecker` can make one, so whatever accepts an
/// `ApprovedOrder` can only ever send orders that passed every check.
public struct ApprovedOrder: Hashable, Sendable {
    /// The strategy that placed it.
    public let strategyID: StrategyID
    /// The venue of the book it was checked against.
    public let venue: Venue
    /// The order as approved.
    public let request: OrderRequest
    /// The checker's `now` when it approved the order.
    public let approvedAt: Timestamp

    init(strategyID: StrategyID, venue: Venue, request: OrderRequest, approvedAt: Timestamp) {
        self.strategyID = strategyID
        self.venue = venue
        self.request = request
        self.approvedAt = approvedAt
    }
}
