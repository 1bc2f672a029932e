import StrategyKit

extension ReplayVenue {
    /// `book` with our resting orders beside it (`BookView`): each open order of the book's
    /// symbol as one entry for its remaining quantity, after the book's entries at its price
    /// (older orders of ours first), as a live poll would show them; nothing is merged or copied.
    /// Recorded books never contain our orders; strategies that recognise their own quotes in
    /// the book see them in `shown` as they would live.
    public mutating func view(of book: consuming BookSnapshot) -> BookView {
        if ownEntries.changes != restingChanges || ownEntries.symbol != book.symbol {
            ownEntries = OwnOrderEntries(symbol: book.symbol, changes: restingChanges, orders: orders, resting: resting)
        }
        return BookView(book, ownBids: ownEntries.bids, ownAsks: ownEntries.asks)
    }
}
