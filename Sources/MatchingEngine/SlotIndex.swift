/// A map from the id of a resting order to its slot: open addressing with linear probing and a
/// multiplicative hash, because ids are integers and the standard dictionary's seeded SipHash
/// costs more than the rest of a cancel.
struct SlotIndex {
    private static let empty = Int64.min
    private var keys: ContiguousArray<Int64>
    private var values: ContiguousArray<Int>
    private var shift: Int
    private(set) var count = 0

    /// An empty index with room for `capacity` orders before it first grows.
    init(capacity: Int = 1_024) {
        var bits = 4
        while 1 << bits < capacity * 2 { bits += 1 }
        keys = ContiguousArray(repeating: Self.empty, count: 1 << bits)
        values = ContiguousArray(repeating: -1, count: 1 << bits)
        shift = 64 - bits
    }

    private var mask: Int { keys.count - 1 }

    @inline(__always)
    private func home(_ key: Int64) -> Int {
        Int(truncatingIfNeeded: (UInt64(bitPattern: key) &* 0x9E37_79B9_7F4A_7C15) >> UInt64(shift))
    }

    /// The slot of order `key`, or nil if it does not rest.
    subscript(key: Int64) -> Int? {
        var index = home(key)
        while true {
            let probe = keys[index]
            if probe == key { return values[index] }
            if probe == Self.empty { return nil }
            index = (index + 1) & mask
        }
    }

    /// Records that order `key` rests in `slot`.
    mutating func insert(_ key: Int64, slot: Int) {
        precondition(key != Self.empty, "Int64.min cannot be an order id")
        if (count + 1) * 2 > keys.count { grow() }
        var index = home(key)
        while keys[index] != Self.empty && keys[index] != key { index = (index + 1) & mask }
        if keys[index] == Self.empty { count += 1 }
        keys[index] = key
        values[index] = slot
    }

    /// Forgets order `key`; shifts later entries of its probe run back so no tombstones remain.
    mutating func remove(_ key: Int64) {
        var hole = home(key)
        while keys[hole] != key {
            if keys[hole] == Self.empty { return }
            hole = (hole + 1) & mask
        }
        var next = hole
        while true {
            next = (next + 1) & mask
            let moving = keys[next]
            if moving == Self.empty { break }
            // An entry may fill the hole only if the hole lies on its probe run from its home.
            if (next - home(moving)) & mask >= (next - hole) & mask {
                keys[hole] = moving
                values[hole] = values[next]
                hole = next
            }
        }
        keys[hole] = Self.empty
        count -= 1
    }

    private mutating func grow() {
        var bigger = SlotIndex(capacity: keys.count)
        for index in keys.indices where keys[index] != Self.empty {
            bigger.insert(keys[index], slot: values[index])
        }
        self = bigger
    }
}
