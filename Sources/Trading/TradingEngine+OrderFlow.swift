import StrategyKit

extension TradingEngine {
    /// Tells `observer` of each order `changes` moved on, once, with the fills of it in
    /// `booked` (the new fills, grouped by order as the tracker reports them): orders with new
    /// fills first, then those that ended without one, then those just acknowledged.
    func report(_ changes: OrderTrackerChanges, booked: [Fill], to observer: any OrderFlowObserver, at now: Timestamp) {
        var start = booked.startIndex
        while start < booked.endIndex {
            let first = booked[start]
            var end = start + 1
            while end < booked.endIndex, booked[end].orderID == first.orderID, booked[end].venue == first.venue { end += 1 }
            let order = orders.order(venue: first.venue, id: first.orderID)
                ?? changes.finished.first { $0.venue == first.venue && $0.exchangeID == first.orderID }
            if let order { observer.orderChanged(order, fills: booked[start..<end], at: now) }
            start = end
        }
        for order in changes.finished where !Self.has(booked, of: order.exchangeID, on: order.venue) {
            observer.orderChanged(order, fills: [], at: now)
        }
        for update in changes.updates {
            guard case .accepted(let id, _) = update.update, !Self.has(booked, of: id, on: venue),
                  let order = orders.order(venue: venue, id: id) else { continue }
            observer.orderChanged(order, fills: [], at: now)
        }
    }

    /// Whether `fills` hold one of order `id` on `venue`.
    private static func has(_ fills: [Fill], of id: OrderID?, on venue: Venue) -> Bool {
        guard let id else { return false }
        return fills.contains { $0.orderID == id && $0.venue == venue }
    }
}
