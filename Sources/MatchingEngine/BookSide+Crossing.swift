import StrategyKit

extension BookSide {
    /// Matches an incoming order of the other side against this side, best level first and oldest
    /// order first within a level, while levels are at least as good as `limitKey`; trades happen at
    /// the standing order's price. Returns the incoming order's unfilled shares.
    mutating func cross(
        _ incoming: Incoming, quantity: Int64, limitKey: Int64, time: Int64,
        store: inout OrderStore, lastTrade: inout OrderFill?, events: inout [MatchEvent]
    ) -> Int64 {
        var remaining = quantity
        while remaining > 0, let best = levels.indices.last, levels[best].key >= limitKey {
            let price = price(ofKey: levels[best].key)
            var slot = levels[best].head
            while remaining > 0, slot >= 0 {
                let traded = min(remaining, store.slab[slot].remaining)
                remaining -= traded
                store.slab[slot].remaining -= traded
                levels[best].quantity -= traded
                depth -= traded
                let standingRecord = store.slab[slot].record
                store.addFill(record: standingRecord, price: price, qty: traded, time: time)
                store.addFill(record: incoming.record, price: price, qty: traded, time: time)
                let standingComplete = store.slab[slot].remaining == 0
                let standing = OrderID(store.slab[slot].id)
                events.append(
                    .fill(
                        Execution(
                            standing: standing, incoming: incoming.id, incomingSide: incoming.side,
                            price: Price(units: price), qty: Quantity(shares: traded),
                            standingComplete: standingComplete, incomingComplete: remaining == 0,
                            time: Timestamp(nanoseconds: time))))
                lastTrade = OrderFill(price: Price(units: price), qty: Quantity(shares: traded), ts: Timestamp(nanoseconds: time))
                guard standingComplete else { break }
                store.close(record: standingRecord, at: time)
                events.append(.closed(standing, filled: Quantity(shares: store.records[standingRecord].filled)))
                let next = store.slab[slot].next
                store.release(slot)
                if next >= 0 { store.slab[next].prev = -1 }
                levels[best].head = next
                slot = next
            }
            if levels[best].head < 0 {
                levels.removeLast()
            }
        }
        if remaining != quantity { version &+= 1 }
        return remaining
    }
}
