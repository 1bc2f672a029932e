import StrategyKit

extension ReplayVenue {
    /// `book` as a live poll would show it with our resting orders in it: each open order of the
    /// book's symbol as one entry for its remaining quantity, at the back of its price level
    /// (older orders of ours first). Recorded books never contain our orders; strategies that
    /// recognise their own quotes in the book need to see them as they would live.
    ///
    /// A side with orders of ours is a new array made in recycled storage (see `EntryArrayPool`)
    /// in one pass over the recorded side (best first, as every reader checks), from our orders'
    /// entries (`OwnOrderEntries`, made again only when our orders change), or the side shown
    /// last when the recorded side is the same array (a compact recording's side that a delta
    /// left as it was) and our orders did not change. That is all this mutates: no order, book
    /// or clock of the venue changes.
    public mutating func showingOwnOrders(in book: BookSnapshot) -> BookSnapshot {
        if ownEntries.changes != restingChanges || ownEntries.symbol != book.symbol {
            ownEntries = OwnOrderEntries(symbol: book.symbol, changes: restingChanges, orders: orders, resting: resting)
        }
        let (buys, sells) = (!ownEntries.bids.isEmpty, !ownEntries.asks.isEmpty)
        guard buys || sells else { return book }
        return BookSnapshot(
            venue: book.venue, symbol: book.symbol,
            bids: buys ? shownBids(book.bids) : book.bids, asks: sells ? shownAsks(book.asks) : book.asks,
            exchangeTime: book.exchangeTime, receivedTime: book.receivedTime, sequence: book.sequence)
    }

    private mutating func shownBids(_ recorded: [BookEntry]) -> [BookEntry] {
        if OwnOrderEntries.sameStorage(ownEntries.lastBids.recorded, recorded) { return ownEntries.lastBids.shown }
        let shown = shown(recorded, ownEntries.bids)
        ownEntries.lastBids = OwnOrderEntries.ShownSide(recorded: recorded, shown: shown)
        return shown
    }

    private mutating func shownAsks(_ recorded: [BookEntry]) -> [BookEntry] {
        if OwnOrderEntries.sameStorage(ownEntries.lastAsks.recorded, recorded) { return ownEntries.lastAsks.shown }
        let shown = shown(recorded, ownEntries.asks)
        ownEntries.lastAsks = OwnOrderEntries.ShownSide(recorded: recorded, shown: shown)
        return shown
    }

    /// The `recorded` side with `ours` merged in.
    private mutating func shown(_ recorded: [BookEntry], _ ours: [BookEntry]) -> [BookEntry] {
        shownEntries.make(count: recorded.count + ours.count) { out in
            recorded.withUnsafeBufferPointer { recorded in
                ours.withUnsafeBufferPointer { ours in OwnOrderEntries.merge(recorded, ours, into: out) }
            }
        }
    }
}
