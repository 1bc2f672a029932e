import StrategyKit

/// One order the tracker follows: who placed it, what was asked, and what the exchange has
/// reported so far.
public struct TrackedOrder: Hashable, Sendable {
    /// The daemon's number for it.
    public let clientID: ClientOrderID
    /// The strategy its fills are attributed to.
    public let strategyID: StrategyID
    public let venue: Venue
    public let request: OrderRequest
    /// When it was submitted (the risk approval time), or adopted.
    public let submittedAt: Timestamp
    /// The exchange's id; nil until acknowledged.
    public internal(set) var exchangeID: OrderID?
    /// What the exchange said the order is when it acknowledged it; nil until then. A report
    /// under the same id with another identity is another order.
    public internal(set) var identity: OrderIdentity?
    public internal(set) var state: TrackedOrderState
    /// When placing it had an unknown outcome (a timeout, a dropped connection); nil otherwise.
    /// Such an order is settled from the account's order list, never sent again.
    public internal(set) var outcomeUnknownSince: Timestamp?
    /// Shares filled, as the fills reported so far add up.
    public internal(set) var filled: Quantity
    /// How many of the order's fills have been reported (the next new fill has this index).
    public internal(set) var fillsSeen: Int

    /// The order as a strategy sees it in its context.
    public var openOrder: OpenOrder { OpenOrder(id: exchangeID, request: request, filled: filled) }
}
