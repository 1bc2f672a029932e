import StrategyKit

extension OrderBook {
    /// Forgets closed orders, with their fills: every one that closed before `cutoff`, and the
    /// earliest closed beyond the `keep` most recently closed. Open orders are never forgotten.
    /// Returns the forgotten ids, oldest first. A forgotten order is as unknown as an id the book
    /// never saw: `status(_:)` is nil and cancelling it is `.unknownOrder`. Costs a copy of the
    /// orders kept and a sort of the closed ones; a server calls it now and then, not per order.
    public mutating func forgetClosedOrders(closedBefore cutoff: Timestamp, keepingAtMost keep: Int) -> [OrderID] {
        precondition(keep >= 0, "cannot keep a negative number of orders")
        var closed: [(closedAt: Int64, id: Int64)] = []
        closed.reserveCapacity(closedOrderCount)
        for index in 0..<store.records.count where !store.records[index].open {
            closed.append((store.records[index].closedAt, store.records[index].id))
        }
        // The last order to forget for the count, in closing order (ties by id), if any.
        var countLimit: (closedAt: Int64, id: Int64)?
        if closed.count > keep {
            closed.sort { $0 < $1 }
            countLimit = closed[closed.count - keep - 1]
        }
        let oldest = closed.min { $0 < $1 }
        let needed = countLimit != nil || (oldest.map { $0.closedAt < cutoff.nanoseconds } ?? false)
        guard needed else { return [] }
        let forgotten = store.forgetClosed { record in
            record.closedAt < cutoff.nanoseconds || countLimit.map { (record.closedAt, record.id) <= $0 } == true
        }
        return forgotten.map { OrderID($0) }
    }
}
