import StrategyKit

extension OrderBook {
    /// The API's order object for order `id` (open or closed, with all its fills), or nil if the
    /// book never saw that id or has forgotten it.
    public func status(_ id: OrderID) -> OrderStatus? {
        guard let record = store.recordIndex(of: id.rawValue) else { return nil }
        return store.status(record: record, venue: venue, symbol: symbol)
    }

    /// The account that placed order `id`, or nil if the book never saw that id or has forgotten it.
    public func account(of id: OrderID) -> Account? {
        guard let record = store.recordIndex(of: id.rawValue) else { return nil }
        return store.records[record].account
    }

    /// Whether order `id` is resting on the book.
    public func isResting(_ id: OrderID) -> Bool { store.slotOfID[id.rawValue] != nil }

    /// The number of orders resting on the book.
    public var restingOrderCount: Int { store.restingCount }

    /// The number of orders the book reports on, open or closed (not the forgotten ones).
    public var orderCount: Int { store.records.count }

    /// The number of closed orders the book still reports on.
    public var closedOrderCount: Int { store.records.count - store.restingCount }

    /// The number of fills of the orders the book reports on.
    public var fillCount: Int { store.fills.count }

    /// The resting orders of each side as the API lists them: one entry per order, bids highest
    /// first, asks lowest first, oldest first within a price. A side is rebuilt only after it
    /// changed; between changes this returns the same arrays.
    public mutating func entries() -> (bids: [BookEntry], asks: [BookEntry]) {
        (bids.entries(store: store), asks.entries(store: store))
    }

    /// The quote at `time`: best prices, shares at the best prices and on each whole side, and the
    /// last trade. O(1): every figure is kept up to date as orders change.
    public func quote(at time: Timestamp) -> Quote {
        let bestBid = bids.levels.last
        let bestAsk = asks.levels.last
        return Quote(
            venue: venue, symbol: symbol,
            bid: bestBid.map { Price(units: bids.price(ofKey: $0.key)) },
            ask: bestAsk.map { Price(units: asks.price(ofKey: $0.key)) },
            bidSize: Quantity(shares: bestBid?.quantity ?? 0), askSize: Quantity(shares: bestAsk?.quantity ?? 0),
            bidDepth: Quantity(shares: bids.depth), askDepth: Quantity(shares: asks.depth),
            last: lastTrade?.price, lastSize: lastTrade?.qty, lastTrade: lastTrade?.ts, quoteTime: time)
    }

    /// A number that changes whenever the resting orders change (an order rests, trades or
    /// leaves), so that a server can reuse a response built from `entries()` while it stays equal.
    public var version: UInt64 { bids.version &+ asks.version }
}
