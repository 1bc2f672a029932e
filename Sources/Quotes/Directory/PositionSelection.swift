/// The smallest positions offered, each once, at most `capacity` of them. A small capacity (a
/// `--limit`) is kept as a bounded sorted array, so a query matching thousands of rows compares
/// each with the worst kept and never sorts them; a large one collects every offer and sorts once.
struct PositionSelection {
    /// Past this capacity, sorting once beats inserting in order.
    private static let boundedCapacity = 64

    let capacity: Int
    private let bounded: Bool
    private var kept: [Int32] = []

    init(capacity: Int) {
        self.capacity = capacity
        bounded = capacity <= Self.boundedCapacity
        if bounded { kept.reserveCapacity(capacity + 1) }
    }

    /// Whether `position` could still be kept: a search asks before its costlier tests.
    @inline(__always)
    func admits(_ position: Int32) -> Bool {
        capacity > 0 && (!bounded || kept.count < capacity || position < kept[kept.count - 1])
    }

    /// Keeps `position` if it is among the smallest so far.
    mutating func offer(_ position: Int32) {
        guard admits(position) else { return }
        guard bounded else { return kept.append(position) }
        var place = kept.count
        while place > 0, kept[place - 1] > position { place -= 1 }
        if place > 0, kept[place - 1] == position { return }
        kept.insert(position, at: place)
        if kept.count > capacity { kept.removeLast() }
    }

    /// The positions kept, smallest first.
    mutating func positions() -> [Int32] {
        if !bounded {
            kept.sort()
            var unique: [Int32] = []
            unique.reserveCapacity(min(kept.count, capacity))
            for position in kept where unique.count < capacity && unique.last != position { unique.append(position) }
            kept = unique
        }
        return kept
    }
}
