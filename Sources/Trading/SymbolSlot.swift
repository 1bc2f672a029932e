import StrategyKit

/// What the engine keeps of a symbol it has had a book of, found by comparing names rather than
/// hashing them: an engine trades a handful of symbols.
///
/// The latest book is kept field by field: a whole `BookSnapshot` stored on every book was
/// copied in and assigned through its value witnesses (calls into libStrategyKit), as a type
/// with several counted fields is by default (see `hotPathSettings` in Package.swift).
struct SymbolSlot {
    let symbol: Symbol
    private var venue: Venue = ""
    private var bids: [BookEntry] = []
    private var asks: [BookEntry] = []
    /// Our resting orders the latest book does not list (`BookView`'s), best first.
    private var ownBids: [BookEntry] = []
    private var ownAsks: [BookEntry] = []
    /// The latest book's exchange time, which a newer book must be past.
    private(set) var exchangeTime = Timestamp(nanoseconds: .min)
    private var receivedTime = Timestamp(nanoseconds: .min)
    private var sequence: UInt64 = 0
    /// The mid the portfolio was last marked to (the latest two-sided book's); nil before one.
    var mark: Price?
    /// The indices of the slots of the strategies trading the symbol, in slot order.
    var subscribers: [Int]

    /// A slot whose latest book is `book`, with `ownBids` and `ownAsks` beside it.
    init(book: BookSnapshot, ownBids: [BookEntry], ownAsks: [BookEntry], subscribers: [Int]) {
        symbol = book.symbol
        self.subscribers = subscribers
        replaceBook(with: book, ownBids: ownBids, ownAsks: ownAsks)
    }

    /// The latest book fed, with our resting orders beside it.
    var view: BookView {
        BookView(
            BookSnapshot(
                venue: venue, symbol: symbol, bids: bids, asks: asks, exchangeTime: exchangeTime, receivedTime: receivedTime,
                sequence: sequence),
            ownBids: ownBids, ownAsks: ownAsks)
    }

    /// The latest book fed, as shown: our resting orders in it.
    var book: BookSnapshot { view.shown }

    /// Makes `book`, of this slot's symbol, the latest, with `ownBids` and `ownAsks` beside it
    /// (none for a book that shows our orders in it). The venue is assigned only when it
    /// changed: a symbol's books come from one venue, and assigning an equal name would still
    /// retain one string and release another. Our entries change only when our orders do, so
    /// equal ones are not assigned again either.
    @inline(__always)
    mutating func replaceBook(with book: BookSnapshot, ownBids: [BookEntry], ownAsks: [BookEntry]) {
        if venue != book.venue { venue = book.venue }
        bids = book.bids
        asks = book.asks
        Self.assign(ownBids, to: &self.ownBids)
        Self.assign(ownAsks, to: &self.ownAsks)
        exchangeTime = book.exchangeTime
        receivedTime = book.receivedTime
        sequence = book.sequence
    }

    /// Assigns `entries` to `side` unless they are equal: mostly one storage, or (for every
    /// book that shows our orders in it) both empty, which is seen here without calling `==`.
    @inline(__always)
    private static func assign(_ entries: [BookEntry], to side: inout [BookEntry]) {
        if entries.isEmpty, side.isEmpty { return }
        if side != entries { side = entries }
    }
}
