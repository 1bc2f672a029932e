import MatchingEngine
import StrategyKit

/// The Alpaca side of the exchange: its accounts and the orders placed through it. Lives in the
/// marketplace's state, under its lock; every batch of match events on the venue passes through
/// `settle(_:symbol:on:at:)`, so fills reach accounts whoever traded (an Alpaca order, a
/// StockFighter order or a bot), and the venue's trades trigger the stops it holds
/// (`AlpacaMarket+Stops.swift`) and move its order groups on (`AlpacaMarket+Groups.swift`). The
/// venue's trades are its listing's `TradeTape`.
struct AlpacaMarket {
    let venue: Venue
    let configuration: AlpacaConfiguration
    /// The news seed: the bots' seed, so that a session's news is the same on every run.
    let newsSeed: UInt64
    var accounts: [Account: AlpacaAccount] = [:]
    /// Every order, by its Alpaca id.
    var orders: [OrderID: AlpacaOrderRecord] = [:]
    /// The ids of the orders still open.
    var open: Set<OrderID> = []
    /// The Alpaca id of each order the matching engine has, by its engine id.
    var orderOfEngineID: [OrderID: OrderID] = [:]
    /// The orders waiting for their trigger price, oldest first (some may have closed since).
    var stops: [OrderID] = []
    /// Group orders whose fills or closing the groups have still to follow, in the order it happened.
    var touched: [OrderID] = []
    /// The next id for an order the simulator holds before the engine has it: from 2^62 up, a
    /// range the engine's ids (counted from 1 or from the clock in microseconds) never reach.
    private var nextHeldID: Int64 = 1 << 62
    private var fillCount: UInt64 = 0
    /// The exchange's stream subscribers: `trade_updates` reach them.
    let streams: StreamHub

    init(venue: Venue, configuration: AlpacaConfiguration, newsSeed: UInt64, streams: StreamHub = StreamHub()) {
        self.venue = venue
        self.configuration = configuration
        self.newsSeed = newsSeed
        self.streams = streams
    }

    /// Makes `name`'s account (with the starting cash) if this is its first call.
    mutating func openAccount(_ name: Account, at time: Timestamp) {
        if accounts[name] == nil {
            accounts[name] = AlpacaAccount(name: name, createdAt: time, cash: configuration.startingCash)
        }
    }

    /// A new id for an order the simulator holds.
    mutating func heldOrderID() -> OrderID {
        defer { nextHeldID += 1 }
        return OrderID(nextHeldID)
    }

    /// Keeps `order` as a new order of its account: open, listed, found by its client order id.
    mutating func add(_ order: AlpacaOrderRecord) {
        orders[order.id] = order
        open.insert(order.id)
        if let engineID = order.engineID { orderOfEngineID[engineID] = order.id }
        accounts[order.account]?.orders.append(order.id)
        accounts[order.account]?.orderOfClientID[order.clientOrderID] = order.id
        if order.kind.isStop, order.engineID == nil, !order.awaitingEntry { stops.append(order.id) }
        publish(.new, order, at: order.createdAt)
    }

    /// Counts one request of `name` against the rate limit; returns the limit, the requests left
    /// and the reset time (epoch seconds), and whether the request is allowed (false: 429); nil
    /// without a limit.
    mutating func countRequest(of name: Account, at time: Timestamp) -> (limit: Int, remaining: Int, reset: Int64, allowed: Bool)? {
        guard let limit = configuration.rateLimit else { return nil }
        let seconds = max(configuration.rateLimitWindow.components.seconds, 1)
        let window = time.nanoseconds / (seconds * 1_000_000_000)
        openAccount(name, at: time)
        if accounts[name]!.rateWindow != window {
            accounts[name]!.rateWindow = window
            accounts[name]!.requestsThisWindow = 0
        }
        let allowed = accounts[name]!.requestsThisWindow < limit
        if allowed { accounts[name]!.requestsThisWindow += 1 }
        return (limit, limit - accounts[name]!.requestsThisWindow, (window + 1) * seconds, allowed)
    }

    /// Books what `events` did on the venue into the Alpaca orders and accounts they touch: fills
    /// and cancels (the trades themselves go to the venue's tape). An order closed here already
    /// (cancelled, expired or replaced) takes no notice of the engine's cancel.
    mutating func record(_ events: [MatchEvent], at time: Timestamp) {
        for event in events {
            switch event {
            case let .fill(trade):
                fill(trade.standing, trade)
                fill(trade.incoming, trade)
            case let .cancelled(engineID, _):
                guard let id = orderOfEngineID[engineID], var order = orders[id], order.isOpen else { continue }
                order.canceledAt = time
                order.updatedAt = time
                orders[id] = order
                open.remove(id)
                noteGroup(order)
                publish(.closed(order.status), order, at: time)
            case .accepted, .rested, .closed:
                continue
            }
        }
    }

    /// Cancels the day orders (and opg and cls orders) still open from before the session's last
    /// close and marks them expired (nothing without a session); their groups follow.
    mutating func expireDayOrders(at time: Timestamp, on listing: inout Marketplace.Listing) {
        guard let session = configuration.session, !open.isEmpty else { return }
        let lastClose = session.lastClose(atOrBefore: time.nanoseconds)
        var events: [MatchEvent] = []
        for id in open.sorted() {
            guard let order = orders[id], order.timeInForce.endsWithTheDay, order.createdAt.nanoseconds < lastClose else { continue }
            close(id, at: time, on: &listing.exchange, into: &events) { $0.expiredAt = time }
        }
        settle(events, on: &listing, at: time)
    }

    /// Closes open order `id` now, as `mark` says (cancelled, expired or replaced), and takes what
    /// is left of it off the book.
    mutating func close(
        _ id: OrderID, at time: Timestamp, on exchange: inout Exchange, into events: inout [MatchEvent],
        _ mark: (inout AlpacaOrderRecord) -> Void
    ) {
        guard var order = orders[id], order.isOpen else { return }
        mark(&order)
        order.updatedAt = time
        orders[id] = order
        open.remove(id)
        noteGroup(order)
        publish(.closed(order.status), order, at: time)
        if let engineID = order.engineID { exchange.cancel(engineID, at: time, into: &events) }
    }

    private mutating func fill(_ engineID: OrderID, _ trade: Execution) {
        guard let id = orderOfEngineID[engineID], var order = orders[id], order.isOpen else { return }
        order.filledQty += trade.qty
        order.filledNotional += trade.price * trade.qty
        order.updatedAt = trade.time
        if order.filledQty == order.qty {
            order.filledAt = trade.time
            open.remove(id)
        }
        orders[id] = order
        noteGroup(order)
        fillCount += 1
        let activity = AlpacaFillActivity(
            id: Self.activityID(trade.time, fillCount), time: trade.time, orderID: id, symbol: order.symbol, side: order.side,
            price: trade.price, qty: trade.qty, cumQty: order.filledQty, leavesQty: order.leavesQty, orderStatus: order.status)
        guard var account = accounts.removeValue(forKey: order.account) else { return }
        account.apply(order.side, order.symbol, price: trade.price, qty: trade.qty)
        account.activities.append(activity)
        let position = account.positions[order.symbol]?.qty ?? .zero
        accounts[order.account] = account
        publish(.fill(activity, position: position), order, at: trade.time)
    }

    /// Notes an order of a group for `followGroups` to look at.
    private mutating func noteGroup(_ order: AlpacaOrderRecord) {
        if order.parent != nil || !order.legs.isEmpty { touched.append(order.id) }
    }

    /// `yyyyMMddHHmmssSSS::<uuid>`: Alpaca's activity id, the time to the millisecond first.
    private static func activityID(_ time: Timestamp, _ number: UInt64) -> String {
        let digits = time.iso8601.filter(\.isNumber)
        return String(digits.prefix(17)) + "::" + AlpacaIdentifier.uuid(number, .fill)
    }
}
