import StrategyKit

extension BookSnapshot {
    /// Whether both sides are best first (bids by falling price, asks by rising price), as the
    /// API lists them. The replay venue relies on it; readers refuse a book that is not.
    var sidesAreBestFirst: Bool {
        Self.isBestFirst(bids, falling: true) && Self.isBestFirst(asks, falling: false)
    }

    /// The reason a reader gives for a book whose sides are not best first.
    static let notBestFirst = "a side of the book is not best first (bids by falling, asks by rising price)"

    private static func isBestFirst(_ entries: [BookEntry], falling: Bool) -> Bool {
        entries.withUnsafeBufferPointer { entries in
            var index = 1
            while index < entries.count {
                let (previous, price) = (entries[index - 1].price, entries[index].price)
                if falling ? price > previous : price < previous { return false }
                index += 1
            }
            return true
        }
    }
}
