import StrategyKit

extension BookSnapshot {
    /// Whether both sides are best first (bids by falling price, asks by rising price), as the
    /// API lists them. The replay venue relies on it; readers refuse a book that is not.
    var sidesAreBestFirst: Bool {
        zip(bids, bids.dropFirst()).allSatisfy { $0.price >= $1.price }
            && zip(asks, asks.dropFirst()).allSatisfy { $0.price <= $1.price }
    }

    /// The reason a reader gives for a book whose sides are not best first.
    static let notBestFirst = "a side of the book is not best first (bids by falling, asks by rising price)"
}
