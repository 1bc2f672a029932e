import StrategyKit

/// The top of a book without our own quotes: the best price and the shares at it on each side
/// once the unfilled shares of our orders are taken off, so that a price derived from it is the
/// rest of the market's and does not follow our own quotes around.
///
/// The book lists orders, not owners, so our shares at a price are taken off the entries at that
/// price, earliest first; an entry left with no shares does not count. Only the entries down to
/// the end of the best remaining price are looked at, and nothing is allocated.
struct Touch: Sendable {
    var bid: Price?
    var bidSize: Quantity
    var ask: Price?
    var askSize: Quantity

    /// The touch of `book` without the orders in `orders` that are for `symbol`.
    init(_ book: borrowing BookSnapshot, excluding orders: [OpenOrder], of symbol: Symbol) {
        (bid, bidSize) = Self.best(book.bids, excluding: orders, of: symbol, side: .buy)
        (ask, askSize) = Self.best(book.asks, excluding: orders, of: symbol, side: .sell)
    }

    /// The midpoint of the best bid and ask, computed as `BookSnapshot.mid`; nil if a side is empty.
    var mid: Price? {
        guard let bid, let ask else { return nil }
        return Price(cents: (bid.cents + ask.cents) / 2)
    }

    /// The size-weighted micro-price, computed as `BookSnapshot.microPrice`; nil if a side is empty.
    var microPrice: Price? {
        guard let bid, let ask else { return nil }
        let total = bidSize.shares + askSize.shares
        guard total > 0 else { return Price(cents: (bid.cents + ask.cents) / 2) }
        return Price(cents: (bid.cents * askSize.shares + ask.cents * bidSize.shares) / total)
    }

    /// The first price left in `entries` and the shares of the entries left in a row at it.
    private static func best(
        _ entries: [BookEntry], excluding orders: [OpenOrder], of symbol: Symbol, side: Side
    ) -> (Price?, Quantity) {
        var best: Price?
        var size = Quantity.zero
        for index in entries.indices {
            guard let shares = sharesLeft(at: index, in: entries, excluding: orders, of: symbol, side: side) else { continue }
            let price = entries[index].price
            if let best, best != price { break }
            best = price
            size += shares
        }
        return (best, size)
    }

    /// The shares entry `index` keeps once the orders' shares at its price are taken off the
    /// entries at that price in book order, or nil if none are left (the entry is ours).
    private static func sharesLeft(
        at index: Int, in entries: [BookEntry], excluding orders: [OpenOrder], of symbol: Symbol, side: Side
    ) -> Quantity? {
        let entry = entries[index]
        var owed: Quantity?
        for order in orders where order.request.price == entry.price && order.request.side == side && order.request.symbol == symbol {
            owed = (owed ?? .zero) + order.remaining
        }
        guard var owed else { return entry.qty }
        for earlier in entries[..<index] where earlier.price == entry.price && owed > .zero {
            owed -= min(owed, earlier.qty)
        }
        guard owed > .zero else { return entry.qty }
        let kept = entry.qty - min(owed, entry.qty)
        return kept == .zero ? nil : kept
    }
}
