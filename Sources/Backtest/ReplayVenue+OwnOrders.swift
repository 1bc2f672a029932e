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
        var shown = book
        var sides: (buy: Bool, sell: Bool) = (false, false)
        for index in resting where orders[index].status.symbol == book.symbol {
            if orders[index].status.side == .buy { sides.buy = true } else { sides.sell = true }
        }
        let (orders, resting) = (self.orders, self.resting)
        if sides.buy {
            shown.bids = shownEntries.make { entries in
                entries.append(contentsOf: book.bids)
                Self.insert(orders, resting, side: .buy, symbol: book.symbol, into: &entries)
            }
        }
        if sides.sell {
            shown.asks = shownEntries.make { entries in
                entries.append(contentsOf: book.asks)
                Self.insert(orders, resting, side: .sell, symbol: book.symbol, into: &entries)
            }
        }
        return shown
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
