import StrategyKit

/// Our resting orders of one symbol as the entries a book shows them by (`ReplayVenue`'s
/// `showOwnOrders`, and the own sides of its `view(of:)`), made again only when the orders
/// change, and the sides last shown with them, for the next book whose side is the same
/// recorded array.
struct OwnOrderEntries {
    /// The symbol the entries are of; nil before the first book.
    var symbol: Symbol?
    /// The venue's `restingChanges` when they were made.
    var changes: UInt64 = 0
    /// Our buy orders of `symbol`, best price first, older first at one price.
    var bids: [BookEntry] = []
    /// Our sell orders of `symbol`, best price first, older first at one price.
    var asks: [BookEntry] = []
    /// The recorded side each last shown side was made from (held, so that its storage is not
    /// refilled meanwhile), and that side; both empty until one is made with these entries.
    /// Two arrays rather than an optional tuple: the check of every book reads them in place,
    /// where unwrapping a tuple copied both out (two retains and releases each side).
    var lastBids = ShownSide()
    var lastAsks = ShownSide()

    /// A side shown with our orders in it, and the recorded side it was made from.
    struct ShownSide {
        var recorded: [BookEntry] = []
        var shown: [BookEntry] = []
    }

    /// The entries of `orders[resting]` of `symbol`, as of `changes`.
    init(symbol: Symbol, changes: UInt64, orders: [SimulatedOrder], resting: [Int]) {
        self.symbol = symbol
        self.changes = changes
        var (bids, asks): ([(order: Int, entry: BookEntry)], [(order: Int, entry: BookEntry)]) = ([], [])
        for index in resting where orders[index].status.symbol == symbol {
            let status = orders[index].status
            let entry = BookEntry(price: status.price, qty: status.qty, isBuy: status.side == .buy)
            if entry.isBuy { bids.append((index, entry)) } else { asks.append((index, entry)) }
        }
        // The order index breaks ties by age: `resting` lists orders in arrival order.
        self.bids = bids.sorted { $0.entry.price == $1.entry.price ? $0.order < $1.order : $0.entry.price > $1.entry.price }.map(\.entry)
        self.asks = asks.sorted { $0.entry.price == $1.entry.price ? $0.order < $1.order : $0.entry.price < $1.entry.price }.map(\.entry)
    }

    /// Entries of no symbol yet.
    init() {}

    /// Whether two arrays are one storage (so the same entries while either is held); never for
    /// empty arrays, which all share one storage. Every reader gives a side written as the last
    /// one of its kind as that side's storage (`SharedSideStorageTests`), so this finds an
    /// unchanged side without comparing its entries.
    static func sameStorage(_ first: [BookEntry], _ second: [BookEntry]) -> Bool {
        !first.isEmpty && first.count == second.count
            && first.withUnsafeBufferPointer { a in second.withUnsafeBufferPointer { b in a.baseAddress == b.baseAddress } }
    }
}
