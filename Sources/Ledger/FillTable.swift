/// The sequence number of each recorded fill, keyed by order id and fill index: an
/// open-addressing hash table with linear probing, because hashing a key through `Hasher` for
/// every line was a large share of the verification time.
///
/// The slot comes from a multiplicative (Fibonacci) hash of the whole key, its top bits, so
/// that keys near each other land far apart: venues number orders upwards and fill indexes
/// count from 0, and a home that kept neighbouring keys in neighbouring slots (`id + 7·index`)
/// made orders of two fills each claim overlapping stretches, one cluster that every insert
/// walked to its end (a third of a catch-up's time at a million fills). `probes` counts the
/// slots inserts stepped over, so that a test can bound it.
struct FillTable: Sendable {
    private struct Slot {
        var order: Int64
        var index: Int
        /// 0 for an empty slot (sequence numbers start at 1).
        var sequence: UInt64
    }

    private static let initialBits = 10
    private var slots = [Slot](repeating: Slot(order: 0, index: 0, sequence: 0), count: 1 << initialBits)
    /// 64 minus the number of bits of a slot number: the hash's top bits are the slot.
    private var shift = 64 - initialBits
    private(set) var count = 0
    /// Slots stepped over past the home slot by the inserts since the table last grew.
    private(set) var probes = 0

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
            probes += 1
        }
        slots[slot] = Slot(order: order, index: index, sequence: sequence)
        count += 1
        return nil
    }

    private func home(order: Int64, index: Int) -> Int {
        // The index is spread by the golden ratio before the whole is, so (id, 1) is not (id + 1, 0).
        let key = UInt64(bitPattern: order) &+ UInt64(bitPattern: Int64(index)) &* 0x9E37_79B9_7F4A_7C15
        return Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> UInt64(shift))
    }

    private mutating func grow() {
        let old = slots
        slots = [Slot](repeating: Slot(order: 0, index: 0, sequence: 0), count: old.count * 2)
        shift -= 1
        count = 0
        probes = 0
        for entry in old where entry.sequence != 0 {
            _ = insert(order: entry.order, index: entry.index, sequence: entry.sequence)
        }
    }
}
