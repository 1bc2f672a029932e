import StrategyKit

/// What the tracker learned from one report of the exchange, in the order it must be handled:
/// append the fills to the ledger, apply them to the portfolio and pass them to the strategies,
/// then pass on the updates.
public struct OrderTrackerChanges: Hashable, Sendable {
    /// Fills never reported before, attributed to their strategies, by order then fill index.
    public var fills: [Fill] = []
    /// Orders accepted, rejected or closed.
    public var updates: [StrategyOrderUpdate] = []
    /// Orders that reached a final state (filled, cancelled or rejected), as they ended.
    public var finished: [TrackedOrder] = []
    /// Orders of the account the tracker knows nothing about (placed before a restart, or by
    /// someone else): to adopt or dismiss (`OrderTracker.adopt`, `dismiss`).
    public var unknownOrders: [OrderStatus] = []
    /// Reports of an order under an id that already stands for another order: nothing of them
    /// is booked; the engine halts the strategies involved.
    public var clashes: [OrderClash] = []
    /// Placements with an unknown outcome settled as never placed: the settlement window
    /// passed and a list of the account's orders did not show them.
    public var notPlaced: [TrackedOrder] = []
    /// Placements settled as never placed that the exchange showed after all, now tracked
    /// again with their exchange ids.
    public var adoptedLate: [TrackedOrder] = []

    public init() {}

    /// Whether nothing new was learned.
    public var isEmpty: Bool {
        fills.isEmpty && updates.isEmpty && finished.isEmpty && unknownOrders.isEmpty && clashes.isEmpty && notPlaced.isEmpty
            && adoptedLate.isEmpty
    }

    mutating func append(_ other: OrderTrackerChanges) {
        // Most reports bring nothing new or are the only one: no arrays to merge then.
        if other.isEmpty { return }
        if isEmpty {
            self = other
            return
        }
        fills += other.fills
        updates += other.updates
        finished += other.finished
        unknownOrders += other.unknownOrders
        clashes += other.clashes
        notPlaced += other.notPlaced
        adoptedLate += other.adoptedLate
    }
}
