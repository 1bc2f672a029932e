import StrategyKit

extension OrderBook {
    /// Checks every invariant of the book's internal structures and returns a description of each
    /// one that is broken (empty when the book is sound). Costs a walk of the resting orders; meant
    /// for tests, not for the hot path.
    public func validateInternalState() -> [String] {
        var problems: [String] = []
        var seen = 0
        for side in [bids, asks] {
            seen += validate(side, into: &problems)
        }
        if let bid = bids.levels.last, let ask = asks.levels.last, bids.price(ofKey: bid.key) >= asks.price(ofKey: ask.key) {
            problems.append("book is crossed: best bid \(bids.price(ofKey: bid.key)) >= best ask \(asks.price(ofKey: ask.key))")
        }
        if seen != store.restingCount { problems.append("\(seen) orders queued but restingCount is \(store.restingCount)") }
        if store.slotOfID.count != store.restingCount {
            problems.append("id index holds \(store.slotOfID.count) orders, \(store.restingCount) rest")
        }
        var free = 0
        var slot = store.freeSlot
        while slot >= 0, free <= store.slab.count {
            if store.slab[slot].remaining != 0 { problems.append("free slot \(slot) still holds shares") }
            free += 1
            slot = store.slab[slot].next
        }
        if free + store.restingCount != store.slab.count {
            problems.append("\(free) free and \(store.restingCount) used slots but the slab has \(store.slab.count)")
        }
        if store.records.count >= 2, store.records[store.records.count - 2].id >= store.records[store.records.count - 1].id {
            problems.append("archive is not sorted by id at its end")
        }
        return problems
    }

    /// Checks one side and the orders queued on it; returns how many orders it holds.
    private func validate(_ side: BookSide, into problems: inout [String]) -> Int {
        let name = side.isBuy ? "bids" : "asks"
        var count = 0
        var depth: Int64 = 0
        var previousKey = Int64.min
        for level in side.levels {
            let price = side.price(ofKey: level.key)
            if level.key <= previousKey { problems.append("\(name): levels not strictly sorted at \(price)") }
            previousKey = level.key
            if level.head < 0 { problems.append("\(name): empty level at \(price)") }
            var quantity: Int64 = 0
            var slot = level.head
            var previous = -1
            var previousID = Int64.min
            while slot >= 0, count <= store.slab.count {
                let node = store.slab[slot]
                count += 1
                quantity += node.remaining
                if node.prev != previous { problems.append("\(name) \(price): order \(node.id) has a wrong back link") }
                if node.price != price { problems.append("\(name) \(price): order \(node.id) has price \(node.price)") }
                if node.isBuy != side.isBuy { problems.append("\(name) \(price): order \(node.id) is on the wrong side") }
                if node.remaining <= 0 { problems.append("\(name) \(price): order \(node.id) rests with \(node.remaining)") }
                if node.id <= previousID { problems.append("\(name) \(price): order \(node.id) queued out of time order") }
                if store.slotOfID[node.id] != slot { problems.append("\(name): id index misses order \(node.id)") }
                let record = store.records[node.record]
                if record.id != node.id || !record.open || record.slot != slot
                    || record.originalQty - record.filled != node.remaining
                {
                    problems.append("\(name): record of order \(node.id) disagrees with its node")
                }
                previousID = node.id
                previous = slot
                slot = node.next
            }
            if level.tail != previous { problems.append("\(name) \(price): tail is not the last order") }
            if quantity != level.quantity { problems.append("\(name) \(price): level says \(level.quantity), orders hold \(quantity)") }
            depth += quantity
        }
        if depth != side.depth { problems.append("\(name): depth says \(side.depth), levels hold \(depth)") }
        return count
    }
}
