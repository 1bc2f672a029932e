import StrategyKit

/// One price of one side of a book and the shares at it, all entries at the price together:
/// what a `books:N` subscription compares.
struct BookLevel: Hashable {
    var price: Price
    var size: Quantity

    /// The first `depth` levels of `entries` (one side, best first), then the other side's.
    static func top(_ depth: Int, of book: BookSnapshot) -> [BookLevel] {
        top(depth, book.bids) + [BookLevel(price: .zero, size: .zero)] + top(depth, book.asks)
    }

    private static func top(_ depth: Int, _ entries: [BookEntry]) -> [BookLevel] {
        var levels: [BookLevel] = []
        for entry in entries {
            if levels.last?.price == entry.price {
                levels[levels.count - 1].size = levels[levels.count - 1].size.addingSaturated(entry.qty)
            } else {
                guard levels.count < depth else { break }
                levels.append(BookLevel(price: entry.price, size: entry.qty))
            }
        }
        return levels
    }
}
