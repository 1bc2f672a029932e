import StrategyKit

/// The limit order book of one stock on one venue: a continuous double auction with price-time
/// priority, as the StockFighter API specifies it.
///
/// Pure and synchronous: the caller assigns order ids (increasing) and supplies the time, and
/// every change is reported as `MatchEvent`s in the order it happened. The quote (best prices,
/// sizes at best, depths, last trade) is kept up to date as orders change, so reading it is O(1);
/// the entries are rebuilt only after their side changed. Every order submitted, with its fills,
/// stays available to `status(_:)` until `forgetClosedOrders(closedBefore:keepingAtMost:)` drops it.
public struct OrderBook: Sendable {
    /// The venue the book belongs to, as reported in quotes and order statuses.
    public let venue: Venue
    /// The stock the book trades.
    public let symbol: Symbol
    var bids = BookSide(isBuy: true)
    var asks = BookSide(isBuy: false)
    var store = OrderStore()
    var lastTrade: OrderFill?
    /// The time of the last submit, or of the last cancel that removed shares.
    public private(set) var lastUpdate: Timestamp = .zero

    /// An empty book.
    public init(venue: Venue, symbol: Symbol) {
        self.venue = venue
        self.symbol = symbol
    }

    /// Matches `order` against the book at `time` and appends what happened to `events`:
    /// `accepted`, then its fills (each followed by `closed` for a standing order it completes),
    /// then `rested` for a limit order's remainder or `cancelled` for the remainder of the other
    /// types, and `closed` once the order is finished. A fill-or-kill order that cannot be filled
    /// whole within its limit trades nothing. Ids must increase from one submit to the next.
    public mutating func submit(_ order: NewOrder, at time: Timestamp, into events: inout [MatchEvent]) {
        precondition(order.id.rawValue > store.lastID, "order ids submitted to a book must increase")
        let record = store.archive(order, at: time.nanoseconds)
        lastUpdate = time
        events.append(.accepted(order.id))
        let quantity = order.qty.shares
        var remaining = quantity
        let isBuy = order.side == .buy
        let incoming = Incoming(id: order.id, record: record, side: order.side)
        let limitKey: Int64
        if order.type.isPriced {
            limitKey = isBuy ? asks.key(order.price.units) : bids.key(order.price.units)
        } else {
            limitKey = .min
        }
        let killed = order.type == .fillOrKill
            && !(isBuy ? asks.canFill(quantity, limitKey: limitKey) : bids.canFill(quantity, limitKey: limitKey))
        if !killed {
            if isBuy {
                remaining = asks.cross(
                    incoming, quantity: quantity, limitKey: limitKey, time: time.nanoseconds,
                    store: &store, lastTrade: &lastTrade, events: &events)
            } else {
                remaining = bids.cross(
                    incoming, quantity: quantity, limitKey: limitKey, time: time.nanoseconds,
                    store: &store, lastTrade: &lastTrade, events: &events)
            }
        }
        if remaining > 0, order.type.rests {
            let slot = store.allocate(record: record, remaining: remaining)
            if isBuy { bids.rest(slot: slot, store: &store) } else { asks.rest(slot: slot, store: &store) }
            events.append(.rested(order.id, price: order.price, qty: Quantity(shares: remaining)))
            return
        }
        if remaining > 0 { events.append(.cancelled(order.id, qty: Quantity(shares: remaining))) }
        store.close(record: record, at: time.nanoseconds)
        events.append(.closed(order.id, filled: Quantity(shares: quantity - remaining)))
    }

    /// `submit(_:at:into:)` returning the events in a new array.
    public mutating func submit(_ order: NewOrder, at time: Timestamp) -> [MatchEvent] {
        var events: [MatchEvent] = []
        submit(order, at: time, into: &events)
        return events
    }

    /// Cancels the unfilled remainder of order `id`, appending `cancelled` and `closed` to `events`
    /// when it was resting. Cancelling a closed order changes nothing.
    @discardableResult
    public mutating func cancel(_ id: OrderID, at time: Timestamp, into events: inout [MatchEvent]) -> CancelOutcome {
        guard let slot = store.slotOfID[id.rawValue] else {
            return store.recordIndex(of: id.rawValue) == nil ? .unknownOrder : .alreadyClosed
        }
        let record = store.slab[slot].record
        let removed = store.slab[slot].isBuy ? bids.remove(slot: slot, store: &store) : asks.remove(slot: slot, store: &store)
        store.close(record: record, at: time.nanoseconds)
        lastUpdate = time
        events.append(.cancelled(id, qty: Quantity(shares: removed)))
        events.append(.closed(id, filled: Quantity(shares: store.records[record].filled)))
        return .cancelled(qty: Quantity(shares: removed))
    }

    /// `cancel(_:at:into:)` returning the outcome and the events in a new array.
    public mutating func cancel(_ id: OrderID, at time: Timestamp) -> (outcome: CancelOutcome, events: [MatchEvent]) {
        var events: [MatchEvent] = []
        let outcome = cancel(id, at: time, into: &events)
        return (outcome, events)
    }
}
