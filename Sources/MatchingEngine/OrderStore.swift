import StrategyKit

/// The orders a book knows: the nodes of resting orders in a slab with a free list, an index from
/// id to slot for resting orders, and an archive of every order not yet forgotten (sorted by id,
/// since ids increase) with its fills. The archive only grows, except when closed orders are
/// forgotten, which compacts it.
struct OrderStore {
    /// Resting-order nodes; freed slots are chained through `next` from `freeSlot`.
    var slab: ContiguousArray<RestingOrder> = []
    var freeSlot = -1
    var restingCount = 0
    var slotOfID = SlotIndex()
    var records = ChunkedLog(filler: Self.emptyRecord)
    var fills = ChunkedLog(filler: Self.emptyFill)
    /// The id of the last order archived (forgotten or not), or `Int64.min` before the first.
    private(set) var lastID = Int64.min

    private static let emptyRecord = OrderRecord(
        id: 0, account: "", side: .buy, type: .limit, open: false, price: 0, originalQty: 0, filled: 0, time: 0,
        closedAt: 0, slot: -1, firstFill: -1, lastFill: -1)
    private static let emptyFill = FillRecord(price: 0, qty: 0, time: 0, next: -1)

    /// Archives a new order and returns its record index.
    mutating func archive(_ order: NewOrder, at time: Int64) -> Int {
        lastID = order.id.rawValue
        return records.append(
            OrderRecord(
                id: order.id.rawValue, account: order.account, side: order.side, type: order.type,
                open: true, price: order.price.units, originalQty: order.qty.shares, filled: 0,
                time: time, closedAt: 0, slot: -1, firstFill: -1, lastFill: -1))
    }

    /// Marks the order archived at `record` closed at `time`.
    mutating func close(record: Int, at time: Int64) {
        records[record].open = false
        records[record].closedAt = time
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
                    price: Price(units: fills[fill].price), qty: Quantity(shares: fills[fill].qty),
                    ts: Timestamp(nanoseconds: fills[fill].time)))
            fill = fills[fill].next
        }
        return OrderStatus(
            id: OrderID(record.id), venue: venue, symbol: symbol, account: record.account, side: record.side,
            type: record.type, price: Price(units: record.price), originalQty: Quantity(shares: record.originalQty),
            qty: Quantity(shares: record.open ? record.originalQty - record.filled : 0),
            ts: Timestamp(nanoseconds: record.time), fills: orderFills, totalFilled: Quantity(shares: record.filled),
            open: record.open)
    }
}

extension OrderStore {
    /// Drops every closed order for which `forget` is true, with its fills, and returns their ids
    /// (oldest first); open orders are always kept. Rebuilds the archive and the fill log from
    /// what is kept, so the memory of what is dropped is returned.
    mutating func forgetClosed(where forget: (OrderRecord) -> Bool) -> [Int64] {
        var keptRecords = ChunkedLog(filler: Self.emptyRecord)
        var keptFills = ChunkedLog(filler: Self.emptyFill)
        var forgotten: [Int64] = []
        for index in 0..<records.count {
            var record = records[index]
            if !record.open, forget(record) {
                forgotten.append(record.id)
                continue
            }
            var fill = record.firstFill
            var previous = -1
            record.firstFill = -1
            while fill >= 0 {
                var copy = fills[fill]
                fill = copy.next
                copy.next = -1
                let kept = keptFills.append(copy)
                if previous >= 0 { keptFills[previous].next = kept } else { record.firstFill = kept }
                previous = kept
            }
            record.lastFill = previous
            let kept = keptRecords.append(record)
            if record.slot >= 0 { slab[record.slot].record = kept }
        }
        records = keptRecords
        fills = keptFills
        return forgotten
    }
}
