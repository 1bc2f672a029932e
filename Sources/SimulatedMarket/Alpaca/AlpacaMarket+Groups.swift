import MatchingEngine
import StrategyKit

extension AlpacaMarket {
    /// Moves the groups of the orders `touched` names on, as Alpaca does:
    /// - an entry (bracket, OTO) that has closed releases its held legs: for the shares it filled,
    ///   or, when it filled none, cancels them (a replaced entry hands them to its replacement);
    /// - an exit that has closed after filling (a take-profit filled, a stop-loss triggered and
    ///   traded) cancels its twin; one still open after a partial fill shrinks a held twin to the
    ///   shares it has not sold, so that the two never sell more than the position.
    mutating func followGroups(on exchange: inout Exchange, at time: Timestamp, into events: inout [MatchEvent]) {
        while !touched.isEmpty {
            let ids = touched
            touched = []
            for id in ids {
                // A replaced order's group is its replacement's.
                guard let order = orders[id], order.replacedAt == nil else { continue }
                let waiting = order.legs.filter { orders[$0]?.awaitingEntry == true && orders[$0]?.isOpen == true }
                if !waiting.isEmpty {
                    guard !order.isOpen else { continue }
                    for leg in waiting {
                        if order.filledQty > .zero {
                            release(leg, qty: order.filledQty, on: &exchange, at: time, into: &events)
                        } else {
                            close(leg, at: time, on: &exchange, into: &events) { $0.canceledAt = time }
                        }
                    }
                } else if order.filledQty > .zero, let twin = twin(of: order), twin.isOpen, !twin.awaitingEntry {
                    if !order.isOpen {
                        close(twin.id, at: time, on: &exchange, into: &events) { $0.canceledAt = time }
                    } else if twin.engineID == nil, twin.leavesQty > order.leavesQty {
                        orders[twin.id]!.qty = twin.filledQty + order.leavesQty
                        orders[twin.id]!.updatedAt = time
                    }
                }
            }
        }
    }

    /// Cancels open order `id` and, when it is a group's parent, its open legs (Alpaca's cancel
    /// of a bracket, OCO or OTO).
    mutating func cancelWithLegs(_ id: OrderID, on exchange: inout Exchange, at time: Timestamp, into events: inout [MatchEvent]) {
        close(id, at: time, on: &exchange, into: &events) { $0.canceledAt = time }
        for leg in orders[id]?.legs ?? [] {
            close(leg, at: time, on: &exchange, into: &events) { $0.canceledAt = time }
        }
    }

    /// Lets a leg whose entry filled `qty` shares go live for them: a take-profit to the book, a
    /// stop-loss to wait for its trigger.
    private mutating func release(_ leg: OrderID, qty: Quantity, on exchange: inout Exchange, at time: Timestamp, into events: inout [MatchEvent]) {
        guard var order = orders[leg] else { return }
        order.awaitingEntry = false
        order.qty = min(order.qty, qty)
        order.updatedAt = time
        orders[leg] = order
        if order.kind.isStop {
            stops.append(leg)
        } else {
            goLive(leg, on: &exchange, at: time, into: &events)
        }
    }
}
