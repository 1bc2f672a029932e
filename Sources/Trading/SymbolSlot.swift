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
    /// The latest book's exchange time, which a newer book must be past.
    private(set) var exchangeTime = Timestamp(nanoseconds: .min)
    private var receivedTime = Timestamp(nanoseconds: .min)
    private var sequence: UInt64 = 0
    /// The mid the portfolio was last marked to (the latest two-sided book's); nil before one.
    var mark: Price?
    /// The indices of the slots of the strategies trading the symbol, in slot order.
    var subscribers: [Int]

    /// A slot whose latest book is `book`.
    init(book: BookSnapshot, subscribers: [Int]) {
        symbol = book.symbol
        self.subscribers = subscribers
        replaceBook(with: book)
    }

    /// The latest book fed.
    var book: BookSnapshot {
        BookSnapshot(
            venue: venue, symbol: symbol, bids: bids, asks: asks, exchangeTime: exchangeTime, receivedTime: receivedTime,
            sequence: sequence)
    }

    /// Makes `book`, of this slot's symbol, the latest. The venue is assigned only when it
    /// changed: a symbol's books come from one venue, and assigning an equal name would still
    /// retain one string and release another.
    mutating func replaceBook(with book: BookSnapshot) {
        if venue != book.venue { venue = book.venue }
        bids = book.bids
        asks = book.asks
        exchangeTime = book.exchangeTime
        receivedTime = book.receivedTime
        sequence = book.sequence
    }
}
