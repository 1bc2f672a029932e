import MatchingEngine
import StrategyKit

/// A deliberately naive order book, written for obviousness rather than speed, used as the oracle
/// for `OrderBook`: every order lives in one dictionary, each side is a plain array of ids in
/// priority order, and matching scans it from the front.
struct ReferenceBook {
    struct Order {
        var order: NewOrder
        var time: Timestamp
        var remaining: Int64
        var fills: [OrderFill] = []
        var open = true
        var filled: Int64 { fills.reduce(0) { $0 + $1.qty.shares } }
    }

    let venue: Venue
    let symbol: Symbol
    var orders: [OrderID: Order] = [:]
    /// The ids of the resting orders of each side, best price first, oldest first within a price.
    var queues: [Side: [OrderID]] = [.buy: [], .sell: []]
    var lastTrade: OrderFill?

    /// Resting orders of one side, best price first, oldest first within a price.
    func resting(_ side: Side) -> [Order] {
        queues[side]!.map { orders[$0]! }
    }

    /// Queues a resting order behind every order of its side with the same or a better price.
    mutating func enqueue(_ order: NewOrder) {
        let worse = queues[order.side]!.firstIndex { id in
            let price = orders[id]!.order.price
            return order.side == .buy ? price < order.price : price > order.price
        }
        queues[order.side]!.insert(order.id, at: worse ?? queues[order.side]!.count)
    }

    mutating func dequeue(_ id: OrderID) {
        queues[orders[id]!.order.side]!.removeAll { $0 == id }
    }

    mutating func submit(_ order: NewOrder, at time: Timestamp) -> [MatchEvent] {
        var events: [MatchEvent] = [.accepted(order.id)]
        orders[order.id] = Order(order: order, time: time, remaining: order.qty.shares)
        let crossing = resting(order.side.opposite).filter { standing in
            switch (order.type, order.side) {
            case (.market, _): true
            case (_, .buy): standing.order.price <= order.price
            case (_, .sell): standing.order.price >= order.price
            }
        }
        let available = crossing.reduce(Int64(0)) { $0 + $1.remaining }
        if order.type == .fillOrKill, available < order.qty.shares {
            orders[order.id]!.open = false
            return events + [.cancelled(order.id, qty: order.qty), .closed(order.id, filled: 0)]
        }
        for standing in crossing where orders[order.id]!.remaining > 0 {
            let id = standing.order.id
            let qty = min(orders[order.id]!.remaining, orders[id]!.remaining)
            let fill = OrderFill(price: standing.order.price, qty: Quantity(shares: qty), ts: time)
            orders[order.id]!.remaining -= qty
            orders[id]!.remaining -= qty
            orders[order.id]!.fills.append(fill)
            orders[id]!.fills.append(fill)
            lastTrade = fill
            events.append(
                .fill(
                    Execution(
                        standing: id, incoming: order.id, incomingSide: order.side, price: fill.price,
                        qty: fill.qty, standingComplete: orders[id]!.remaining == 0,
                        incomingComplete: orders[order.id]!.remaining == 0, time: time)))
            if orders[id]!.remaining == 0 {
                orders[id]!.open = false
                dequeue(id)
                events.append(.closed(id, filled: Quantity(shares: orders[id]!.filled)))
            }
        }
        let remaining = orders[order.id]!.remaining
        let filled = Quantity(shares: orders[order.id]!.filled)
        if remaining > 0, order.type == .limit {
            events.append(.rested(order.id, price: order.price, qty: Quantity(shares: remaining)))
            enqueue(order)
            return events
        }
        if remaining > 0 { events.append(.cancelled(order.id, qty: Quantity(shares: remaining))) }
        orders[order.id]!.open = false
        events.append(.closed(order.id, filled: filled))
        return events
    }

    mutating func cancel(_ id: OrderID) -> (CancelOutcome, [MatchEvent]) {
        guard let order = orders[id] else { return (.unknownOrder, []) }
        guard order.open else { return (.alreadyClosed, []) }
        orders[id]!.open = false
        dequeue(id)
        let qty = Quantity(shares: order.remaining)
        return (.cancelled(qty: qty), [.cancelled(id, qty: qty), .closed(id, filled: Quantity(shares: order.filled))])
    }

    func status(_ id: OrderID) -> OrderStatus? {
        guard let order = orders[id] else { return nil }
        return OrderStatus(
            id: id, venue: venue, symbol: symbol, account: order.order.account, side: order.order.side,
            type: order.order.type, price: order.order.price, originalQty: order.order.qty,
            qty: Quantity(shares: order.open ? order.remaining : 0), ts: order.time, fills: order.fills,
            totalFilled: Quantity(shares: order.filled), open: order.open)
    }

    func entries(_ side: Side) -> [BookEntry] {
        resting(side).map { BookEntry(price: $0.order.price, qty: Quantity(shares: $0.remaining), isBuy: side == .buy) }
    }

    func quote(at time: Timestamp) -> Quote {
        let bids = resting(.buy)
        let asks = resting(.sell)
        func size(_ side: [Order]) -> Int64 {
            side.filter { $0.order.price == side.first?.order.price }.reduce(0) { $0 + $1.remaining }
        }
        return Quote(
            venue: venue, symbol: symbol, bid: bids.first?.order.price, ask: asks.first?.order.price,
            bidSize: Quantity(shares: size(bids)), askSize: Quantity(shares: size(asks)),
            bidDepth: Quantity(shares: bids.reduce(0) { $0 + $1.remaining }),
            askDepth: Quantity(shares: asks.reduce(0) { $0 + $1.remaining }),
            last: lastTrade?.price, lastSize: lastTrade?.qty, lastTrade: lastTrade?.ts, quoteTime: time)
    }
}
