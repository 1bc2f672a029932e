import StrategyKit

extension ReplayVenue {
    /// `book` as a live poll would show it with our resting orders in it: each open order of the
    /// book's symbol as one entry for its remaining quantity, at the back of its price level
    /// (older orders of ours first). Recorded books never contain our orders; strategies that
    /// recognise their own quotes in the book need to see them as they would live.
    ///
    /// A side with orders of ours is a new array made in recycled storage (see `EntryArrayPool`);
    /// that recycling is all this mutates: no order, book or clock of the venue changes.
    public mutating func showingOwnOrders(in book: BookSnapshot) -> BookSnapshot {
        var sides: (buy: Bool, sell: Bool) = (false, false)
        for index in resting where orders[index].status.symbol == book.symbol {
            if orders[index].status.side == .buy { sides.buy = true } else { sides.sell = true }
        }
        guard sides.buy || sides.sell else { return book }
        return BookSnapshot(
            venue: book.venue, symbol: book.symbol,
            bids: sides.buy ? shown(book.bids, side: .buy, symbol: book.symbol) : book.bids,
            asks: sides.sell ? shown(book.asks, side: .sell, symbol: book.symbol) : book.asks,
            exchangeTime: book.exchangeTime, receivedTime: book.receivedTime, sequence: book.sequence)
    }

    /// The `recorded` side of a book with our resting orders of `side` and `symbol` in it.
    private mutating func shown(_ recorded: [BookEntry], side: Side, symbol: Symbol) -> [BookEntry] {
        let (orders, resting) = (self.orders, self.resting)
        return shownEntries.make { entries in
            entries.append(contentsOf: recorded)
            Self.insert(orders, resting, side: side, symbol: symbol, into: &entries)
        }
    }

    /// Inserts the `resting` orders of `side` and `symbol` into the `side` entries of a book.
    private static func insert(
        _ orders: [SimulatedOrder], _ resting: [Int], side: Side, symbol: Symbol, into entries: inout [BookEntry]
    ) {
        for index in resting where orders[index].status.side == side && orders[index].status.symbol == symbol {
            let price = orders[index].status.price
            let entry = BookEntry(price: price, qty: orders[index].status.qty, isBuy: side == .buy)
            entries.insert(entry, at: Self.backOfLevel(price, side: side, in: entries))
        }
    }

    /// The index just after the last entry at `price` or better in `entries`: where an order
    /// joining the back of its level goes.
    private static func backOfLevel(_ price: Price, side: Side, in entries: [BookEntry]) -> Int {
        partitionPoint(of: entries) { side == .buy ? $0.price < price : $0.price > price }
    }
}
