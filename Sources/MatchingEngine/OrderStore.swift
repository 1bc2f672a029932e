import StrategyKit

/// The orders a book knows: the nodes of resting orders in a slab with a free list, an index from
/// id to slot for resting orders, and an append-only archive of every order (sorted by id, since
/// ids increase) with its fills.
struct OrderStore {
    /// Resting-order nodes; freed slots are chained through `next` from `freeSlot`.
    var slab: ContiguousArray<RestingOrder> = []
    var freeSlot = -1
    var restingCount = 0
    var slotOfID = SlotIndex()
    var records = ChunkedLog(
        filler: OrderRecord(
            id: 0, account: "", side: .buy, type: .limit, open: false, price: 0, originalQty: 0, filled: 0, time: 0,
            slot: -1, firstFill: -1, lastFill: -1))
    var fills = ChunkedLog(filler: FillRecord(price: 0, qty: 0, time: 0, next: -1))

    /// The id of the last order archived, or `Int64.min` before the first.
    var lastID: Int64 { records.last?.id ?? Int64.min }

    /// Archives a new order and returns its record index.
    mutating func archive(_ order: NewOrder, at time: Int64) -> Int {
        return records.append(
            OrderRecord(
                id: order.id.rawValue, account: order.account, side: order.side, type: order.type,
                open: true, price: order.price.cents, originalQty: order.qty.shares, filled: 0,
                time: time, slot: -1, firstFill: -1, lastFill: -1))
    }

    /// Takes a slot (reusing a freed one) for the resting remainder of the archived order `record`.
    mutating func allocate(record: Int, remaining: Int64) -> Int {
        let id = records[record].id
        let node = RestingOrder(
            id: id, remaining: remaining, price: records[record].price, record: record, next: -1, prev: -1,
            isBuy: records[record].side == .buy)
        let slot: Int
        if freeSlot >= 0 {
            slot = freeSlot
            freeSlot = slab[slot].next
            slab[slot] = node
        } else {
            slot = slab.count
            slab.append(node)
        }
        slotOfID.insert(id, slot: slot)
        records[record].slot = slot
        restingCount += 1
        return slot
    }

    /// Returns a slot to the free list; the order no longer rests.
    mutating func release(_ slot: Int) {
        slotOfID.remove(slab[slot].id)
        records[slab[slot].record].slot = -1
        slab[slot].remaining = 0
        slab[slot].prev = -1
        slab[slot].next = freeSlot
        freeSlot = slot
        restingCount -= 1
    }

    /// Appends a fill to the order archived at `record`.
    mutating func addFill(record: Int, price: Int64, qty: Int64, time: Int64) {
        let index = fills.append(FillRecord(price: price, qty: qty, time: time, next: -1))
        let last = records[record].lastFill
        if last >= 0 {
            fills[last].next = index
        } else {
            records[record].firstFill = index
        }
        records[record].lastFill = index
        records[record].filled += qty
    }

    /// The archive index of the order `id`, if the book has seen it.
    func recordIndex(of id: Int64) -> Int? {
        if let slot = slotOfID[id] { return slab[slot].record }
        var low = 0
        var high = records.count
        while low < high {
            let mid = (low + high) / 2
            let midID = records[mid].id
            if midID == id { return mid }
            if midID < id { low = mid + 1 } else { high = mid }
        }
        return nil
    }

    /// The API's order object for the order archived at `record`.
    func status(record index: Int, venue: Venue, symbol: Symbol) -> OrderStatus {
        let record = records[index]
        var orderFills: [OrderFill] = []
        var fill = record.firstFill
        while fill >= 0 {
            orderFills.append(
                OrderFill(
                    price: Price(cents: fills[fill].price), qty: Quantity(shares: fills[fill].qty),
                    ts: Timestamp(nanoseconds: fills[fill].time)))
            fill = fills[fill].next
        }
        return OrderStatus(
            id: OrderID(record.id), venue: venue, symbol: symbol, account: record.account, side: record.side,
            type: record.type, price: Price(cents: record.price), originalQty: Quantity(shares: record.originalQty),
            qty: Quantity(shares: record.open ? record.originalQty - record.filled : 0),
            ts: Timestamp(nanoseconds: record.time), fills: orderFills, totalFilled: Quantity(shares: record.filled),
            open: record.open)
    }
}
