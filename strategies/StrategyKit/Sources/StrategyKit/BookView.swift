/// A book as it came, and beside it the resting orders of ours that it does not list but an
/// exchange's book would: what a strategy's `onBook(_ view: BookView, context:)` is given.
///
/// Live, `ownBids` and `ownAsks` are empty: an exchange's book lists our orders already. A
/// recorded book never does, so a backtest's replay venue hands our resting orders over beside
/// it rather than copying the book on every snapshot to put them in. Either way `shown` is the
/// book a live poll would show, the one `onBook(_ book: BookSnapshot, context:)` is given, and
/// the best prices, mid and touch here are `shown`'s, worked out without building it.
///
/// `@frozen`: its stored properties are part of the SDK 4.x ABI, since plugins compiled against
/// it read them directly; none may be added, removed or reordered before SDK 5.0.
@frozen
public struct BookView: Sendable {
    /// The book as it came: an exchange's (our orders in it), or a recording's (none of ours).
    public var book: BookSnapshot
    /// Our resting buy orders the book does not list, one entry each, best price first and
    /// older first at a price; each goes after the book's entries at its price.
    public var ownBids: [BookEntry]
    /// Our resting sell orders the book does not list, ordered as `ownBids`.
    public var ownAsks: [BookEntry]

    @inlinable
    public init(_ book: BookSnapshot, ownBids: [BookEntry] = [], ownAsks: [BookEntry] = []) {
        self.book = book
        self.ownBids = ownBids
        self.ownAsks = ownAsks
    }

    /// The book's symbol.
    @inlinable
    public var symbol: Symbol { book.symbol }

    /// The highest bid price, ours included; nil if there are no bids.
    public var bestBid: Price? {
        guard let own = ownBids.first?.price else { return book.bestBid }
        guard let recorded = book.bestBid else { return own }
        return max(own, recorded)
    }

    /// The lowest ask price, ours included; nil if there are no asks.
    public var bestAsk: Price? {
        guard let own = ownAsks.first?.price else { return book.bestAsk }
        guard let recorded = book.bestAsk else { return own }
        return min(own, recorded)
    }

    /// `shown.mid`: the midpoint of the best bid and ask, ours included.
    public var mid: Price? {
        guard let bid = bestBid, let ask = bestAsk else { return nil }
        return Touch.midpoint(bid, ask)
    }

    /// `shown.touch(excluding: orders)`, without building `shown`: the touch without `orders`,
    /// a strategy's own, so what the rest of the market shows (see `BookSnapshot`'s). The sides
    /// are read best first, as every book reader checks them; nothing is allocated.
    public func touch(excluding orders: [OpenOrder]) -> Touch {
        let (bid, bidSize) = Self.best(book.bids, ownBids, excluding: orders, of: book.symbol, side: .buy)
        let (ask, askSize) = Self.best(book.asks, ownAsks, excluding: orders, of: book.symbol, side: .sell)
        return Touch(bid: bid, bidSize: bidSize, ask: ask, askSize: askSize)
    }

    /// `shown.touch`: the best prices, ours included, and the shares at each.
    public var touch: Touch { touch(excluding: []) }

    /// The book a live poll would show: `book` with each of our entries after the book's
    /// entries at its price or better. `book` itself when none of ours is beside it.
    public var shown: BookSnapshot {
        guard !ownBids.isEmpty || !ownAsks.isEmpty else { return book }
        var shown = book
        if !ownBids.isEmpty { shown.bids = Self.merged(book.bids, ownBids, isBuy: true) }
        if !ownAsks.isEmpty { shown.asks = Self.merged(book.asks, ownAsks, isBuy: false) }
        return shown
    }

    /// The entries of one side of `shown`: `recorded` with `own` merged in.
    static func merged(_ recorded: [BookEntry], _ own: [BookEntry], isBuy: Bool) -> [BookEntry] {
        Array(unsafeUninitializedCapacity: recorded.count + own.count) { out, count in
            recorded.withUnsafeBufferPointer { recorded in
                own.withUnsafeBufferPointer { own in merge(recorded, own, isBuy: isBuy, into: out) }
            }
            count = recorded.count + own.count
        }
    }

    /// Writes one side of `shown`, `recorded` (best first) with `own` of that side (best first)
    /// merged in, into `out`, whose first `recorded.count + own.count` places it initializes
    /// (or overwrites, for entries, which hold no references): for a host that keeps the
    /// storage of the sides it shows.
    public static func merge(
        _ recorded: UnsafeBufferPointer<BookEntry>, _ own: UnsafeBufferPointer<BookEntry>, isBuy: Bool,
        into out: UnsafeMutableBufferPointer<BookEntry>
    ) {
        precondition(out.count >= recorded.count + own.count, "room for both sides' entries")
        var entries = ShownEntries(recorded, own, isBuy: isBuy)
        var written = 0
        while let entry = entries.next() {
            (out.baseAddress! + written).initialize(to: entry)
            written += 1
        }
    }

    /// The first price of one side of `shown` with shares left once `orders` are taken off, and
    /// the shares left at it: `BookSnapshot`'s rule (the unfilled shares of our orders at a price
    /// come off that price's entries in book order; an entry left with none does not count) over
    /// the entries of `recorded` and `own` in the order `shown` lists them. With one order of
    /// ours on the side (a quoting strategy's usual case) the orders are not looked through again
    /// at each price.
    static func best(
        _ recorded: [BookEntry], _ own: [BookEntry], excluding orders: [OpenOrder], of symbol: Symbol, side: Side
    ) -> (Price?, Quantity) {
        guard !own.isEmpty else { return BookSnapshot.best(recorded, excluding: orders, of: symbol, side: side) }
        let only = BookSnapshot.onlyOrder(in: orders, for: symbol, side: side)
        return recorded.withUnsafeBufferPointer { recorded in
            own.withUnsafeBufferPointer { own in
                var entries = ShownEntries(recorded, own, isBuy: side == .buy)
                return BookSnapshot.best(&entries) { price in
                    guard let only else { return BookSnapshot.owed(at: price, by: orders, of: symbol, side: side) }
                    return only.price == price ? only.owed : .zero
                }
            }
        }
    }
}
