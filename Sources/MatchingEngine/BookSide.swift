import StrategyKit

/// One side of a book: its price levels sorted by key (best last, so that removing an exhausted
/// best level is O(1)), its depth kept up to date, and a cached copy of its entries.
struct BookSide {
    let isBuy: Bool
    var levels: ContiguousArray<PriceLevel> = []
    /// Total unfilled shares on this side.
    var depth: Int64 = 0
    /// Changes whenever an order joins, leaves or trades on this side.
    var version: UInt64 = 0
    /// The entries as of `cacheVersion`.
    var cache: [BookEntry] = []
    var cacheVersion: UInt64 = 0

    init(isBuy: Bool) { self.isBuy = isBuy }

    /// The level key of a price on this side: larger is better.
    @inline(__always)
    func key(_ price: Int64) -> Int64 { isBuy ? price : -price }

    /// The price of a level key on this side.
    @inline(__always)
    func price(ofKey key: Int64) -> Int64 { isBuy ? key : -key }

    /// The index of the level with `key`, or where such a level would be inserted.
    func search(_ key: Int64) -> (index: Int, found: Bool) {
        // Most activity is at the touch, which is the end of the array: look there first.
        var probe = levels.count - 1
        let stop = max(0, levels.count - 4)
        while probe >= stop {
            let probeKey = levels[probe].key
            if probeKey == key { return (probe, true) }
            if probeKey < key { return (probe + 1, false) }
            probe -= 1
        }
        var low = 0
        var high = stop
        while low < high {
            let mid = (low + high) / 2
            let midKey = levels[mid].key
            if midKey == key { return (mid, true) }
            if midKey < key { low = mid + 1 } else { high = mid }
        }
        return (low, false)
    }

    /// Queues the node in `slot` behind the orders already resting at its price.
    mutating func rest(slot: Int, store: inout OrderStore) {
        let qty = store.slab[slot].remaining
        let (index, found) = search(key(store.slab[slot].price))
        if found {
            let tail = levels[index].tail
            store.slab[tail].next = slot
            store.slab[slot].prev = tail
            levels[index].tail = slot
            levels[index].quantity += qty
        } else {
            levels.insert(PriceLevel(key: key(store.slab[slot].price), quantity: qty, head: slot, tail: slot), at: index)
        }
        depth += qty
        version &+= 1
    }

    /// Takes the node in `slot` out of its level, frees the slot and returns its unfilled shares.
    mutating func remove(slot: Int, store: inout OrderStore) -> Int64 {
        let node = store.slab[slot]
        let (index, found) = search(key(node.price))
        precondition(found, "a resting order's price level is missing")
        if node.prev >= 0 { store.slab[node.prev].next = node.next } else { levels[index].head = node.next }
        if node.next >= 0 { store.slab[node.next].prev = node.prev } else { levels[index].tail = node.prev }
        levels[index].quantity -= node.remaining
        if levels[index].head < 0 { levels.remove(at: index) }
        depth -= node.remaining
        version &+= 1
        store.release(slot)
        return node.remaining
    }

    /// Whether the levels at least as good as `limitKey` hold `quantity` shares or more.
    func canFill(_ quantity: Int64, limitKey: Int64) -> Bool {
        var needed = quantity
        var index = levels.count - 1
        while index >= 0, levels[index].key >= limitKey {
            needed -= levels[index].quantity
            if needed <= 0 { return true }
            index -= 1
        }
        return false
    }

    /// The resting orders best first, time priority within a price; rebuilt only after a change.
    mutating func entries(store: OrderStore) -> [BookEntry] {
        guard cacheVersion != version else { return cache }
        var entries: [BookEntry] = []
        entries.reserveCapacity(store.restingCount)
        for level in levels.reversed() {
            let price = Price(units: price(ofKey: level.key))
            var slot = level.head
            while slot >= 0 {
                entries.append(BookEntry(price: price, qty: Quantity(shares: store.slab[slot].remaining), isBuy: isBuy))
                slot = store.slab[slot].next
            }
        }
        cache = entries
        cacheVersion = version
        return entries
    }
}
