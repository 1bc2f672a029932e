extension BookSnapshot {
    /// The best bid and ask of the whole book and the shares at each.
    public var touch: Touch {
        Touch(bid: bestBid, bidSize: size(atBest: .buy), ask: bestAsk, askSize: size(atBest: .sell))
    }

    /// The touch without `orders`, a strategy's own: what the rest of the market shows.
    ///
    /// The book lists orders, not owners, so the unfilled shares of our orders on a side at a
    /// price are taken off that side's entries at that price, earliest first; an entry left with
    /// no shares does not count, and the best price is the first one with shares left. Orders
    /// for another symbol than the book's are ignored, so `context.openOrders` can be passed as
    /// it is. Only the entries down to the end of the best remaining price are looked at; with
    /// one order of ours on a side (a quoting strategy's usual case) its shares come off in the
    /// same pass, and with several the orders are looked through again only for entries within
    /// the range of their prices. Nothing is allocated.
    public func touch(excluding orders: [OpenOrder]) -> Touch {
        let (bid, bidSize) = Self.best(bids, excluding: orders, of: symbol, side: .buy)
        let (ask, askSize) = Self.best(asks, excluding: orders, of: symbol, side: .sell)
        return Touch(bid: bid, bidSize: bidSize, ask: ask, askSize: askSize)
    }

    /// The first price left in `entries` and the shares of the entries left in a row at it.
    static func best(_ entries: [BookEntry], excluding orders: [OpenOrder], of symbol: Symbol, side: Side) -> (Price?, Quantity) {
        if let only = onlyOrder(in: orders, for: symbol, side: side) {
            return best(entries, excludingShares: only.owed, at: only.price)
        }
        let ourPrices = priceRange(of: orders, for: symbol, side: side)
        var best: Price?
        var size = Quantity.zero
        for index in entries.indices {
            let price = entries[index].price
            let left = ourPrices?.contains(price) == true
                ? sharesLeft(at: index, in: entries, excluding: orders, of: symbol, side: side) : entries[index].qty
            guard let shares = left else { continue }
            if let best, best != price { break }
            best = price
            size = size.addingSaturated(shares)
        }
        return (best, size)
    }

    /// `best` when one order of ours, with `owed` unfilled shares, is on the side at `price` (a
    /// quoting strategy's usual case): its shares come off the entries at that price as they
    /// are met, earliest first, in one pass, instead of looking through the orders and the
    /// earlier entries again at each of them. The same result as the general loop.
    static func best(_ entries: [BookEntry], excludingShares owed: Quantity, at price: Price) -> (Price?, Quantity) {
        var entries = entries.makeIterator()
        return best(&entries) { $0 == price ? owed : .zero }
    }

    /// The first price of the side `entries` reads best first with shares left once our unfilled
    /// shares at each price (`owed(price)`) come off that price's entries as they are met,
    /// earliest first, and the shares left at it: one pass, the orders looked at once a price.
    /// A side is best first (every book reader checks it), so the entries of a price come in a row.
    static func best<Entries: IteratorProtocol<BookEntry>>(
        _ entries: inout Entries, owed: (Price) -> Quantity
    ) -> (Price?, Quantity) {
        var best: Price?
        var size = Quantity.zero
        var level: Price?
        // Our unfilled shares at `level` not yet taken off its entries.
        var due = Quantity.zero
        while let entry = entries.next() {
            if entry.price != level {
                level = entry.price
                due = owed(entry.price)
            }
            var shares = entry.qty
            if due > .zero {
                shares = entry.qty - min(due, entry.qty)
                // An entry with fewer than no shares (never sent by an exchange) covers none of ours.
                due -= min(due, max(entry.qty, .zero))
                if shares == .zero { continue }
            }
            if let best, best != entry.price { break }
            best = entry.price
            size = size.addingSaturated(shares)
        }
        return (best, size)
    }

    /// The price and unfilled shares of the one order for `symbol` on `side` in `orders`, nil if
    /// there are none or several.
    static func onlyOrder(in orders: [OpenOrder], for symbol: Symbol, side: Side) -> (price: Price, owed: Quantity)? {
        var found: (price: Price, owed: Quantity)?
        for order in orders where order.request.side == side && order.request.symbol == symbol {
            guard found == nil else { return nil }
            found = (order.request.price, order.remaining)
        }
        return found
    }

    /// The lowest to the highest price of the orders for `symbol` on `side`, nil if there are
    /// none: an entry outside it keeps all its shares, without looking through the orders.
    static func priceRange(of orders: [OpenOrder], for symbol: Symbol, side: Side) -> ClosedRange<Price>? {
        var range: ClosedRange<Price>?
        for order in orders where order.request.side == side && order.request.symbol == symbol {
            let price = order.request.price
            range = range.map { min($0.lowerBound, price)...max($0.upperBound, price) } ?? price...price
        }
        return range
    }

    /// The unfilled shares of the orders for `symbol` on `side` at `price`.
    static func owed(at price: Price, by orders: [OpenOrder], of symbol: Symbol, side: Side) -> Quantity {
        var owed = Quantity.zero
        for order in orders where order.request.price == price && order.request.side == side && order.request.symbol == symbol {
            owed = owed.addingSaturated(order.remaining)
        }
        return owed
    }

    /// The shares entry `index` keeps once the orders' shares at its price are taken off the
    /// entries at that price in book order, or nil if none are left (the entry is ours).
    static func sharesLeft(
        at index: Int, in entries: [BookEntry], excluding orders: [OpenOrder], of symbol: Symbol, side: Side
    ) -> Quantity? {
        let entry = entries[index]
        var owed = owed(at: entry.price, by: orders, of: symbol, side: side)
        guard owed > .zero else { return entry.qty }
        // An entry with fewer than no shares (never sent by an exchange) covers none of ours.
        for earlier in entries[..<index] where earlier.price == entry.price && owed > .zero {
            owed -= min(owed, max(earlier.qty, .zero))
        }
        guard owed > .zero else { return entry.qty }
        let kept = entry.qty - min(owed, entry.qty)
        return kept == .zero ? nil : kept
    }
}
