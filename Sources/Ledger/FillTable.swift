/// The sequence number of each recorded fill, keyed by order id and fill index: an
/// open-addressing hash table, because hashing a key through `Hasher` for every line was a
/// tenth of the verification time. Venues number orders upwards, so consecutive ids go to
/// neighbouring slots: a ledger's lines touch the table in cache-friendly order.
struct FillTable: Sendable {
    private struct Slot {
        var order: Int64
        var index: Int
        /// 0 for an empty slot (sequence numbers start at 1).
        var sequence: UInt64
    }

    private var slots = [Slot](repeating: Slot(order: 0, index: 0, sequence: 0), count: 1024)
    private(set) var count = 0

    /// The sequence number recorded for the fill; nil when none is.
    func sequence(order: Int64, index: Int) -> UInt64? {
        var slot = home(order: order, index: index)
        while true {
            let entry = slots[slot]
            if entry.sequence == 0 { return nil }
            if entry.order == order, entry.index == index { return entry.sequence }
            slot = (slot + 1) & (slots.count - 1)
        }
    }

    /// Records `sequence` for the fill, unless one is recorded already: then returns that one
    /// and changes nothing.
    mutating func insert(order: Int64, index: Int, sequence: UInt64) -> UInt64? {
        precondition(sequence > 0, "sequence numbers start at 1")
        if (count + 1) * 2 > slots.count { grow() }
        var slot = home(order: order, index: index)
        while slots[slot].sequence != 0 {
            if slots[slot].order == order, slots[slot].index == index { return slots[slot].sequence }
            slot = (slot + 1) & (slots.count - 1)
        }
        slots[slot] = Slot(order: order, index: index, sequence: sequence)
        count += 1
        return nil
    }

    private func home(order: Int64, index: Int) -> Int {
        // High bits folded into low ones spread ids that differ only there (strides of a power
        // of two); the fill index moves a key by a few slots.
        let key = UInt64(bitPattern: order)
        let mixed = key ^ (key >> 17) ^ (key >> 41) &+ UInt64(bitPattern: Int64(index)) &* 7
        return Int(truncatingIfNeeded: mixed) & (slots.count - 1)
    }

    private mutating func grow() {
        let old = slots
        slots = [Slot](repeating: Slot(order: 0, index: 0, sequence: 0), count: old.count * 2)
        count = 0
        for entry in old where entry.sequence != 0 {
            _ = insert(order: entry.order, index: entry.index, sequence: entry.sequence)
        }
    }
}
