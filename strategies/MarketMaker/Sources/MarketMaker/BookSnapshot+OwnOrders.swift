import StrategyKit

extension BookSnapshot {
    /// This book without the unfilled shares of `orders` (our own quotes), so that a price
    /// derived from it is the rest of the market's and does not follow our own quotes around.
    ///
    /// The book lists orders, not owners, so our shares are taken off the entries at our
    /// prices; an entry left with no shares is dropped.
    func excluding(_ orders: [OpenOrder]) -> BookSnapshot {
        var book = self
        book.bids = Self.entries(bids, without: orders.filter { $0.request.side == .buy })
        book.asks = Self.entries(asks, without: orders.filter { $0.request.side == .sell })
        return book
    }

    private static func entries(_ entries: [BookEntry], without orders: [OpenOrder]) -> [BookEntry] {
        guard !orders.isEmpty else { return entries }
        var owed: [Price: Quantity] = [:]
        for order in orders {
            owed[order.request.price, default: .zero] += order.remaining
        }
        var kept: [BookEntry] = []
        kept.reserveCapacity(entries.count)
        for var entry in entries {
            if let shares = owed[entry.price], shares > .zero {
                let taken = min(shares, entry.qty)
                owed[entry.price] = shares - taken
                entry.qty -= taken
                if entry.qty == .zero { continue }
            }
            kept.append(entry)
        }
        return kept
    }
}
