import StrategyKit

/// The books of one venue, one per symbol, with the venue's order-id counter: ids increase across
/// all of the venue's books, and an order is found by id alone, until it is forgotten.
///
/// Pure and synchronous like `OrderBook`; a server serialises access to it.
public struct Exchange: Sendable {
    /// The venue's name.
    public let venue: Venue
    /// The venue's symbols, in the order they were given.
    public let symbols: [Symbol]
    private var books: [OrderBook]
    private let bookOfSymbol: [Symbol: Int]
    /// The book index of each order not forgotten, by id.
    private var bookOfOrder: [Int64: Int32] = [:]
    private var ordersOfAccount: [Account: [OrderID]] = [:]
    /// The id the next accepted order will get.
    public private(set) var nextOrderID: OrderID

    /// An exchange with an empty book for each distinct symbol; the first order gets
    /// `firstOrderID`.
    public init(venue: Venue, symbols: [Symbol], firstOrderID: OrderID = 1) {
        var unique: [Symbol] = []
        var index: [Symbol: Int] = [:]
        for symbol in symbols where index[symbol] == nil {
            index[symbol] = unique.count
            unique.append(symbol)
        }
        self.venue = venue
        self.symbols = unique
        self.bookOfSymbol = index
        self.books = unique.map { OrderBook(venue: venue, symbol: $0) }
        self.nextOrderID = firstOrderID
    }

    /// Whether the venue lists `symbol`.
    public func lists(_ symbol: Symbol) -> Bool { bookOfSymbol[symbol] != nil }

    /// The book of `symbol`, if listed (a copy: mutate through the exchange).
    public func book(_ symbol: Symbol) -> OrderBook? { bookOfSymbol[symbol].map { books[$0] } }

    /// Validates an order, gives it the next id and matches it on `symbol`'s book, appending what
    /// happened to `events`. A refused order consumes no id.
    @discardableResult
    public mutating func submit(
        symbol: Symbol, account: Account, side: Side, type: OrderType, price: Price, qty: Quantity,
        at time: Timestamp, into events: inout [MatchEvent]
    ) throws(MatchingError) -> OrderID {
        guard let book = bookOfSymbol[symbol] else { throw .unknownSymbol(symbol) }
        let order = try NewOrder(id: nextOrderID, account: account, side: side, type: type, price: price, qty: qty)
        nextOrderID = OrderID(order.id.rawValue + 1)
        bookOfOrder[order.id.rawValue] = Int32(book)
        ordersOfAccount[account, default: []].append(order.id)
        books[book].submit(order, at: time, into: &events)
        return order.id
    }

    /// `submit(symbol:account:side:type:price:qty:at:into:)` returning the id and the events.
    @discardableResult
    public mutating func submit(
        symbol: Symbol, account: Account, side: Side, type: OrderType, price: Price, qty: Quantity,
        at time: Timestamp
    ) throws(MatchingError) -> (id: OrderID, events: [MatchEvent]) {
        var events: [MatchEvent] = []
        let id = try submit(
            symbol: symbol, account: account, side: side, type: type, price: price, qty: qty, at: time, into: &events)
        return (id, events)
    }

    /// The symbol whose book holds order `id`, or nil for an id the venue never gave or forgot.
    public func symbol(of id: OrderID) -> Symbol? { bookIndex(of: id).map { symbols[$0] } }

    /// Cancels order `id` on whichever book holds it, appending the events to `events`.
    @discardableResult
    public mutating func cancel(_ id: OrderID, at time: Timestamp, into events: inout [MatchEvent]) -> CancelOutcome {
        guard let book = bookIndex(of: id) else { return .unknownOrder }
        return books[book].cancel(id, at: time, into: &events)
    }

    /// The order object of order `id`, or nil for an id the venue never gave or forgot.
    public func status(_ id: OrderID) -> OrderStatus? {
        bookIndex(of: id).flatMap { books[$0].status(id) }
    }

    /// The account that placed order `id`, or nil for an id the venue never gave or forgot.
    public func account(of id: OrderID) -> Account? {
        bookIndex(of: id).flatMap { books[$0].account(of: id) }
    }

    /// Every order `account` placed on this venue and not forgotten (only in `symbol` when given),
    /// oldest first.
    public func orders(of account: Account, symbol: Symbol? = nil) -> [OrderStatus] {
        let ids = ordersOfAccount[account] ?? []
        let wanted = symbol.flatMap { bookOfSymbol[$0] }
        if symbol != nil, wanted == nil { return [] }
        return ids.compactMap { id in
            guard let book = bookIndex(of: id), wanted == nil || wanted == book else { return nil }
            return books[book].status(id)
        }
    }

    /// The quote of `symbol` at `time`, if listed.
    public func quote(_ symbol: Symbol, at time: Timestamp) -> Quote? {
        bookOfSymbol[symbol].map { books[$0].quote(at: time) }
    }

    /// The entries of `symbol`'s book (see `OrderBook.entries()`), if listed.
    public mutating func entries(_ symbol: Symbol) -> (bids: [BookEntry], asks: [BookEntry])? {
        guard let book = bookOfSymbol[symbol] else { return nil }
        return books[book].entries()
    }

    /// The problems `OrderBook.validateInternalState()` finds in every book, prefixed by symbol.
    public func validateInternalState() -> [String] {
        books.flatMap { book in book.validateInternalState().map { "\(book.symbol): \($0)" } }
    }

    /// The number of closed orders `symbol`'s book still reports on (0 when not listed).
    public func closedOrderCount(_ symbol: Symbol) -> Int { bookOfSymbol[symbol].map { books[$0].closedOrderCount } ?? 0 }

    /// The number of orders, open or closed, and of their fills that the venue still reports on.
    public var retained: (orders: Int, fills: Int) {
        books.reduce((orders: 0, fills: 0)) { sum, book in (sum.orders + book.orderCount, sum.fills + book.fillCount) }
    }

    /// Forgets, on the books of `symbols`, the closed orders that closed before `cutoff` and the
    /// earliest closed beyond the `keep` most recently closed of each book (see
    /// `OrderBook.forgetClosedOrders(closedBefore:keepingAtMost:)`); their ids are then unknown to
    /// every lookup and gone from the account lists. Returns how many orders were forgotten.
    @discardableResult
    public mutating func forgetClosedOrders(in symbols: [Symbol], closedBefore cutoff: Timestamp, keepingAtMost keep: Int) -> Int {
        var count = 0
        for symbol in symbols {
            guard let book = bookOfSymbol[symbol] else { continue }
            let forgotten = books[book].forgetClosedOrders(closedBefore: cutoff, keepingAtMost: keep)
            for id in forgotten { bookOfOrder[id.rawValue] = nil }
            count += forgotten.count
        }
        if count > 0 {
            ordersOfAccount = ordersOfAccount.compactMapValues { ids in
                let kept = ids.filter { bookOfOrder[$0.rawValue] != nil }
                return kept.isEmpty ? nil : kept
            }
        }
        return count
    }

    private func bookIndex(of id: OrderID) -> Int? {
        bookOfOrder[id.rawValue].map { Int($0) }
    }
}
