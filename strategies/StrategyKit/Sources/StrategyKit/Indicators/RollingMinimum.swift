/// The lowest of the last `period` prices, in amortised constant time: a monotonic deque (the
/// window's prices that may still become its minimum, rising from front to back, each with its
/// position in the series) in a ring allocated once at `init`.
///
/// An update drops from the back every price at or above the new one (none of them can be the
/// minimum again while the new one is in the window), drops the front if it has left the
/// window, and appends the new price; the front is the minimum. Each price is appended and
/// dropped once, so a long run of falling prices costs no more in total than a flat one.
/// `@frozen` and inlinable for the reason `SimpleMovingAverage` gives.
@frozen
public struct RollingMinimum: Sendable {
    /// The deque's prices in units, `length` of them from `head`, wrapping around.
    @usableFromInline var candidates: ContiguousArray<Int64>
    /// The position in the series of each of `candidates`.
    @usableFromInline var positions: ContiguousArray<Int64>
    /// Where the deque's front is in the ring.
    @usableFromInline var head: Int
    /// How many prices the deque holds.
    @usableFromInline var length: Int
    /// How many prices have been seen: the next one's position.
    @usableFromInline var seen: Int64

    /// The minimum of the last `period` prices; `period` is at least 1.
    public init(period: Int) {
        precondition(period >= 1, "RollingMinimum: period must be at least 1, got \(period)")
        candidates = ContiguousArray(repeating: 0, count: period)
        positions = ContiguousArray(repeating: 0, count: period)
        head = 0
        length = 0
        seen = 0
    }

    /// How many prices the window spans.
    @inlinable
    public var period: Int { candidates.count }

    /// Adds the next price.
    @inlinable
    public mutating func update(_ price: Price) {
        let units = price.units
        let capacity = candidates.count
        while length > 0 {
            var back = head + length - 1
            if back >= capacity { back -= capacity }
            if candidates[back] < units { break }
            length -= 1
        }
        if length > 0, positions[head] <= seen - Int64(capacity) {
            head += 1
            if head == capacity { head = 0 }
            length -= 1
        }
        var slot = head + length
        if slot >= capacity { slot -= capacity }
        candidates[slot] = units
        positions[slot] = seen
        length += 1
        seen += 1
    }

    /// The lowest of the last `period` prices; nil until `period` prices have been seen.
    @inlinable
    public var value: Price? {
        seen >= Int64(candidates.count) ? Price(units: candidates[head]) : nil
    }
}
