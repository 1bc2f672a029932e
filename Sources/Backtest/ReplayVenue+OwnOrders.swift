import StrategyKit

extension ReplayVenue {
    /// `book` as a live poll would show it with our resting orders in it: each open order of the
    /// book's symbol as one entry for its remaining quantity, at the back of its price level
    /// (older orders of ours first). Recorded books never contain our orders; strategies that
    /// recognise their own quotes in the book need to see them as they would live.
    public func showingOwnOrders(in book: BookSnapshot) -> BookSnapshot {
        var shown = book
        for index in resting {
            let status = orders[index].status
            guard status.symbol == book.symbol else { continue }
            let entry = BookEntry(price: status.price, qty: status.qty, isBuy: status.side == .buy)
            if status.side == .buy {
                let index = shown.bids.firstIndex { $0.price < status.price } ?? shown.bids.endIndex
                shown.bids.insert(entry, at: index)
            } else {
                let index = shown.asks.firstIndex { $0.price > status.price } ?? shown.asks.endIndex
                shown.asks.insert(entry, at: index)
            }
        }
        return shown
    }
}
