import Brokerage
import StrategyKit
import Synchronization

/// A broker in memory, for driving the live runner without HTTP: one book for every symbol, an
/// account whose orders it keeps, a scripted answer to each placement, scripted last trades and
/// sessions, and every call counted.
final class FakeBroker: Broker {
    /// What a placement does: answers with the order as placed (then in the account's list) or
    /// throws; `.outcomeUnknown` after keeping the order, to stand for a lost answer.
    enum Placement: Sendable {
        /// The order is placed, and fills `filled` shares at once at its price.
        case placed(filled: Quantity)
        /// The order is placed and fills `filled` shares, but the answer is lost.
        case answerLost(filled: Quantity)
        /// The broker refuses it.
        case rejected(String)
    }

    struct Calls: Sendable, Equatable {
        var books = 0
        var places = 0
        var cancels: [OrderID] = []
        var statuses = 0
        var lists = 0
        var lastTrades = 0
        var sessions = 0
    }

    let account: Account = "EXB123456"
    private let placement: Placement
    private let state: Mutex<(orders: [OrderStatus], calls: Calls)>
    /// What the n-th `lastTrade` and `session` call answer (the last one from then on).
    private let script = Mutex<(trades: [Trade?], sessions: [MarketSession])>(([], [.alwaysOpen]))
    private let clock: @Sendable () -> Timestamp
    /// Called once a placement is on the books, before it is answered.
    private let beforeAnswering: @Sendable () -> Void

    /// The positions the broker reports; nil for none kept.
    private let held: [Symbol: Quantity]?
    /// The exchange time of every book; nil: the clock's time.
    private let bookTime: Timestamp?

    /// A broker whose account already holds `orders` (and, by its own books, `held`), answering
    /// each placement as `placement`, after calling `beforeAnswering`; its books bear the
    /// exchange time `bookTime` when given.
    init(
        placement: Placement, orders: [OrderStatus] = [], held: [Symbol: Quantity]? = nil, bookTime: Timestamp? = nil,
        clock: @escaping @Sendable () -> Timestamp, beforeAnswering: @escaping @Sendable () -> Void = {}
    ) {
        self.placement = placement
        self.held = held
        self.bookTime = bookTime
        self.state = Mutex((orders, Calls()))
        self.clock = clock
        self.beforeAnswering = beforeAnswering
    }

    var calls: Calls { state.withLock { $0.calls } }

    /// Has the n-th `lastTrade` call answer `trades[n]`, and every call after the last the last.
    func reportTrades(_ trades: [Trade?]) { script.withLock { $0.trades = trades } }

    /// Has the n-th `session` call answer `sessions[n]`, and every call after the last the last.
    func reportSessions(_ sessions: [MarketSession]) { script.withLock { $0.sessions = sessions } }

    /// Has the account's order of `status`'s id read as `status` from now on (a fill at the venue).
    func setOrder(_ status: OrderStatus) {
        state.withLock { state in
            if let index = state.orders.firstIndex(where: { $0.id == status.id }) { state.orders[index] = status } else { state.orders.append(status) }
        }
    }

    /// Plain orders, as StockFighter: the runner's own tests need no broker-side stops or groups.
    var capabilities: VenueCapabilities { .plainOrders }

    func book(venue: Venue, symbol: Symbol) async throws(BrokerError) -> BookSnapshot {
        state.withLock { $0.calls.books += 1 }
        let now = clock()
        return BookSnapshot(
            venue: venue, symbol: symbol, bids: [BookEntry(price: 5_000, qty: 100, isBuy: true)],
            asks: [BookEntry(price: 5_010, qty: 100, isBuy: false)], exchangeTime: bookTime ?? now, receivedTime: now, sequence: 0)
    }

    func lastTrade(venue: Venue, symbol: Symbol) async throws(BrokerError) -> Trade? {
        let call = state.withLock { state in
            defer { state.calls.lastTrades += 1 }
            return state.calls.lastTrades
        }
        return script.withLock { $0.trades.isEmpty ? nil : $0.trades[min(call, $0.trades.count - 1)] }
    }

    func session(venue: Venue) async throws(BrokerError) -> MarketSession {
        let call = state.withLock { state in
            defer { state.calls.sessions += 1 }
            return state.calls.sessions
        }
        return script.withLock { $0.sessions[min(call, $0.sessions.count - 1)] }
    }

    func place(_ order: OrderRequest, venue: Venue) async throws(BrokerError) -> OrderStatus {
        let filled: Quantity
        switch placement {
        case .rejected(let reason):
            state.withLock { $0.calls.places += 1 }
            throw .rejected(reason)
        case .placed(let shares), .answerLost(let shares):
            filled = shares
        }
        let now = clock()
        let status = state.withLock { state in
            state.calls.places += 1
            let fills = filled > .zero ? [OrderFill(price: order.price, qty: filled, ts: now)] : []
            let status = OrderStatus(
                id: OrderID(Int64(state.orders.count + 100)), venue: venue, symbol: order.symbol, account: account,
                side: order.side, type: order.type, price: order.price, originalQty: order.qty, qty: order.qty - filled,
                ts: now, fills: fills, totalFilled: filled, open: filled < order.qty)
            state.orders.append(status)
            return status
        }
        beforeAnswering()
        if case .answerLost = placement { throw .outcomeUnknown("POST /orders: timed out") }
        return status
    }

    func placeGroup(_ group: OrderGroup, venue: Venue) async throws(BrokerError) -> [OrderStatus] {
        throw .rejected("the fake broker keeps plain orders only")
    }

    func replace(venue: Venue, symbol: Symbol, id: OrderID, price: Price?, qty: Quantity?) async throws(BrokerError) -> OrderStatus {
        throw .rejected("the fake broker keeps plain orders only")
    }

    func cancel(venue: Venue, symbol: Symbol, id: OrderID) async throws(BrokerError) -> OrderStatus {
        let closed = state.withLock { state -> OrderStatus? in
            state.calls.cancels.append(id)
            guard let index = state.orders.firstIndex(where: { $0.id == id }) else { return nil }
            state.orders[index].open = false
            state.orders[index].qty = .zero
            return state.orders[index]
        }
        guard let closed else { throw .rejected("no order \(id)") }
        return closed
    }

    func status(venue: Venue, symbol: Symbol, id: OrderID) async throws(BrokerError) -> OrderStatus {
        let found = state.withLock { state in
            state.calls.statuses += 1
            return state.orders.first { $0.id == id }
        }
        guard let found else { throw .rejected("no order \(id)") }
        return found
    }

    func orders(venue: Venue) async throws(BrokerError) -> [OrderStatus] {
        state.withLock { state in
            state.calls.lists += 1
            return state.orders
        }
    }

    func positions(venue: Venue) async throws(BrokerError) -> [Symbol: Quantity]? { held }
}
