import StrategyKit

extension ReplayVenue {
    /// Puts our resting orders in `book`, as a live poll would show them: each open order of
    /// the book's symbol as one entry for its remaining quantity, at the back of its price level
    /// (older orders of ours first). Recorded books never contain our orders; strategies that
    /// recognise their own quotes in the book need to see them as they would live.
    ///
    /// A side with orders of ours is a new array made in recycled storage (see `EntryArrayPool`)
    /// in one pass over the recorded side (best first, as every reader checks), from our orders'
    /// entries (`OwnOrderEntries`, made again only when our orders change), or the side shown
    /// last when the recorded side is the same array (a compact recording's side that a delta
    /// left as it was) and our orders did not change. A side without orders of ours, and the
    /// book's names and times, stay as they are. No order, book or clock of the venue changes.
    public mutating func showOwnOrders(in book: inout BookSnapshot) {
        updateOwnEntries(for: book.symbol)
        if !ownEntries.bids.isEmpty { book.bids = shownBids(book.bids) }
        if !ownEntries.asks.isEmpty { book.asks = shownAsks(book.asks) }
    }

    /// `book` with our resting orders beside it instead (the entries `showOwnOrders` would put
    /// in it), for strategies that read the view (`BookView`): its `shown` is the book
    /// `showOwnOrders` makes, and nothing is merged or copied for it.
    public mutating func view(of book: consuming BookSnapshot) -> BookView {
        updateOwnEntries(for: book.symbol)
        return BookView(book, ownBids: ownEntries.bids, ownAsks: ownEntries.asks)
    }

    private mutating func updateOwnEntries(for symbol: Symbol) {
        if ownEntries.changes != restingChanges || ownEntries.symbol != symbol {
            ownEntries = OwnOrderEntries(symbol: symbol, changes: restingChanges, orders: orders, resting: resting)
        }
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
                ours.withUnsafeBufferPointer { ours in BookView.merge(recorded, ours, isBuy: ours[0].isBuy, into: out) }
            }
        }
    }
}
