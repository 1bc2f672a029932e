import StrategyKit

/// Our resting orders of one symbol as the entries a book shows them by (the own sides of
/// `ReplayVenue.view(of:)`), made again only when the orders change.
struct OwnOrderEntries {
    /// The symbol the entries are of; nil before the first book.
    var symbol: Symbol?
    /// The venue's `restingChanges` when they were made.
    var changes: UInt64 = 0
    /// Our buy orders of `symbol`, best price first, older first at one price.
    var bids: [BookEntry] = []
    /// Our sell orders of `symbol`, best price first, older first at one price.
    var asks: [BookEntry] = []
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
}
