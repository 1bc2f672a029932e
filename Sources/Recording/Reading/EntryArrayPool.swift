import StrategyKit

/// Book-entry arrays for books made one after another, whose storage is refilled in place
/// instead of allocated anew.
///
/// Each `make` takes the storage of the array made `depth` calls earlier. Books are normally
/// dropped by whoever kept them a few books later (or, reading ahead, once the batches in
/// flight have been used), so with `depth` past that the storage is no longer shared and is
/// reused; when it still is, value semantics give `build` a fresh copy, and nothing already
/// handed out ever changes, whichever thread holds it.
public struct EntryArrayPool: Sendable {
    private var arrays: [[BookEntry]]
    private var next = 0

    /// The arrays a pool of book sides holds beyond two a book, where one side of a book often
    /// stays as it was while the other is made again: that side's array is still held (by every
    /// book since) when a pool of exactly two a book comes round to it, and it is copied then.
    ///
    /// The contract it serves: a reader gives a side written as the last one of its kind as
    /// that side's storage (no copy of an unchanged side), and a
    /// pool never takes back storage a book still in use holds without copying. A reader's pool
    /// is two arrays for each book that may be held at once, and this allowance where sides are
    /// kept past that: `booksHeld` is 2 on one thread and `ReadAheadReader.booksInFlight`
    /// reading ahead, so a change to the batches in flight must change that count with it.
    /// `SharedSideStorageTests` fails when an unchanged side comes back copied.
    public static let keptSideAllowance = 16

    /// A pool that reuses the storage of the array made `depth` calls before.
    public init(depth: Int) {
        precondition(depth > 0, "a pool holds at least one array")
        arrays = Array(repeating: [], count: depth)
    }

    /// An array filled by `build`, which is given an empty array with recycled capacity.
    public mutating func make(_ build: (inout [BookEntry]) -> Void) -> [BookEntry] {
        recycle { entries in
            entries.removeAll(keepingCapacity: true)
            build(&entries)
        }
    }

    /// An array of `count` entries, each of which `initialize` must set (they hold leftovers).
    @inline(__always)
    public mutating func make(count: Int, _ initialize: (UnsafeMutableBufferPointer<BookEntry>) -> Void) -> [BookEntry] {
        recycle { entries in
            if entries.count > count {
                entries.removeLast(entries.count - count)
            } else if entries.count < count {
                entries.append(contentsOf: repeatElement(BookEntry(price: .zero, qty: .zero, isBuy: false), count: count - entries.count))
            }
            entries.withUnsafeMutableBufferPointer { initialize($0) }
        }
    }

    @inline(__always)
    private mutating func recycle(_ fill: (inout [BookEntry]) -> Void) -> [BookEntry] {
        var entries: [BookEntry] = []
        swap(&entries, &arrays[next])
        fill(&entries)
        arrays[next] = entries
        next = next + 1 == arrays.count ? 0 : next + 1
        return entries
    }
}
