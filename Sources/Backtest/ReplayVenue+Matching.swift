import StrategyKit
import Trading

extension ReplayVenue {
    /// Gives the order the next id, lets it take what it can from the current book, and rests,
    /// cancels or kills the remainder as its type says.
    mutating func accept(_ request: OrderRequest, clientID: ClientOrderID) -> ReplayOrderUpdate {
        let id = nextOrderID
        let limit: Price? = request.type.isPriced ? request.price : nil
        let bookIndex = bookIndex(of: request.symbol)
        var book = bookIndex.map { books[$0] }
        let fills = take(request.qty, side: request.side, limit: limit, allOrNone: request.type == .fillOrKill, from: &book)
        if let bookIndex, let book { books[bookIndex] = book }
        let filled = fills.reduce(Quantity.zero) { $0 + $1.qty }
        let rests = request.type.rests && filled < request.qty
        let status = OrderStatus(
            id: id, venue: configuration.venue, symbol: request.symbol, account: configuration.account,
            side: request.side, type: request.type, price: limit ?? .zero, originalQty: request.qty,
            qty: rests ? request.qty - filled : .zero, ts: now, fills: fills, totalFilled: filled, open: rests)
        var levelStart = 0
        let level = book.map { Self.displayed(at: request.price, side: request.side, in: $0.entries(of: request.side), hint: &levelStart) } ?? 0
        orders.append(SimulatedOrder(
            status: status, queueAhead: level, lastLevel: level, levelStart: levelStart,
            crossedByTakenLiquidity: book.map { Self.recordedBookCrosses(request.price, side: request.side, $0) } ?? false,
            timeInForce: request.timeInForce, extendedHours: takesExtendedHours(request)))
        if rests {
            resting.append(orders.count - 1)
            restingChanges += 1
        }
        return ReplayOrderUpdate(
            status: status, time: now, newFills: 0..<fills.count, liquidity: .taker,
            fees: configuration.fees.fee(for: filled, .taker))
    }

    /// Takes up to `qty` shares from the side opposite `side`, best first, at prices within
    /// `limit` (any price when nil), and removes them from `book`. With `allOrNone`, takes
    /// nothing unless all of `qty` is there.
    private func take(
        _ qty: Quantity, side: Side, limit: Price?, allOrNone: Bool, from book: inout ReplayVenueBook?
    ) -> [OrderFill] {
        guard var current = book else { return [] }
        func within(_ price: Price) -> Bool {
            guard let limit else { return true }
            return side == .buy ? price <= limit : price >= limit
        }
        var entries = side == .buy ? current.asks : current.bids
        if allOrNone {
            var available: Int64 = 0
            for entry in entries where within(entry.price) { available += entry.qty.shares }
            guard available >= qty.shares else { return [] }
        }
        var fills: [OrderFill] = []
        var remaining = qty.shares
        for index in entries.indices where remaining > 0 && entries[index].qty.shares > 0 {
            guard within(entries[index].price) else { break }
            let taken = min(remaining, entries[index].qty.shares)
            entries[index].qty.shares -= taken
            remaining -= taken
            fills.append(OrderFill(price: entries[index].price, qty: Quantity(shares: taken), ts: now))
        }
        guard !fills.isEmpty else { return [] }
        if side == .buy { current.asks = entries } else { current.bids = entries }
        book = current
        return fills
    }

    /// The shares displayed at `price` in `entries`, `side`'s own side of a book. `hint`, where
    /// the level began in an earlier book, is tried first (levels seldom move from book to book,
    /// and a binary search waits on one memory load after another), and is set to where it begins.
    static func displayed(at price: Price, side: Side, in entries: [BookEntry], hint: inout Int) -> Int64 {
        let isPast = { (entry: BookEntry) in side == .buy ? entry.price <= price : entry.price >= price }
        let hintIsRight = hint <= entries.count
            && (hint == entries.count || isPast(entries[hint])) && (hint == 0 || !isPast(entries[hint - 1]))
        var index = hintIsRight ? hint : partitionPoint(of: entries, where: isPast)
        hint = index
        var total: Int64 = 0
        while index < entries.count, entries[index].price == price {
            total += entries[index].qty.shares
            index += 1
        }
        return total
    }

    /// The first index of `entries` (one side of a book, best first) for which `isPast` holds,
    /// or `entries.count`; `isPast` must hold for every entry after one it holds for. A binary
    /// search: our orders' prices are usually several levels deep.
    static func partitionPoint(of entries: [BookEntry], where isPast: (BookEntry) -> Bool) -> Int {
        var low = 0
        var high = entries.count
        while low < high {
            let middle = (low + high) / 2
            if isPast(entries[middle]) { high = middle } else { low = middle + 1 }
        }
        return low
    }

    /// Whether the recorded book (before any taking) has opposite orders strictly through
    /// `price`. Entries whose quantity we took keep their price, so this looks at prices only.
    static func recordedBookCrosses(_ price: Price, side: Side, _ book: ReplayVenueBook) -> Bool {
        switch side {
        case .buy: book.asks.contains { $0.price < price }
        case .sell: book.bids.contains { $0.price > price }
        }
    }
}
