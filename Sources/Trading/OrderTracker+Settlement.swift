import StrategyKit

extension OrderTracker {
    /// How many settlement windows an order settled as not placed is remembered, so that the
    /// exchange showing it after all adopts it rather than leaving it unwatched.
    static let lateOrderWindows: Int64 = 10

    /// Takes a complete list of the account's orders on `venue` (in `symbol` only, or all
    /// symbols when nil), requested at `requestedAt`. Orders with an unknown outcome that the
    /// list shows are acknowledged. One it does not show stays unknown until the list was
    /// requested `settlementWindowMs` or more after the order was sent (and after its outcome
    /// became unknown); only then was it never placed, and it is rejected with
    /// `notPlacedReason`. An order with an identical order still in flight waits for a later list.
    public mutating func applyAccountOrders(
        _ statuses: [OrderStatus], venue: Venue, symbol: Symbol?, requestedAt: Timestamp
    ) -> OrderTrackerChanges {
        var changes = apply(statuses)
        let window = settlementWindowMs
        let unplaced = orders.values.filter { order in
            guard let since = order.outcomeUnknownSince, order.exchangeID == nil else { return false }
            return since <= requestedAt && requestedAt.nanoseconds(since: order.submittedAt) >= window * 1_000_000
                && order.venue == venue && (symbol == nil || order.request.symbol == symbol) && !hasSiblingInFlight(order)
        }
        for order in unplaced {
            var settled = reject(order.clientID, reason: Self.notPlacedReason)
            settled.notPlaced = settled.finished
            settledNotPlaced.append(contentsOf: settled.finished)
            changes.append(settled)
        }
        settledNotPlaced.removeAll { requestedAt.nanoseconds(since: $0.submittedAt) > window * 1_000_000 * Self.lateOrderWindows }
        return changes
    }

    /// Whether some order settled as not placed may still show up: the account's orders should
    /// keep being listed.
    public var awaitsLateOrders: Bool { !settledNotPlaced.isEmpty }

    /// Adopts the order settled as not placed at `index` of `settledNotPlaced`, which the
    /// exchange now shows as `status`: tracked again for its strategy, an `accepted` update,
    /// and its fills.
    mutating func adoptSettled(at index: Int, as status: OrderStatus) -> OrderTrackerChanges {
        var order = settledNotPlaced.remove(at: index)
        order.state = .submitted
        order.outcomeUnknownSince = nil
        orders[order.clientID] = order
        var changes = acknowledge(order.clientID, with: status)
        if let adopted = orders[order.clientID] ?? changes.finished.first(where: { $0.clientID == order.clientID }) {
            changes.adoptedLate.append(adopted)
        }
        return changes
    }
}
