import MatchingEngine
import StrategyKit

/// The Alpaca side of the exchange: its accounts and the orders placed through it. Lives in the
/// marketplace's state, under its lock; every batch of match events on the venue passes through
/// `record(_:on:)`, so fills reach accounts whoever traded (an Alpaca order, a StockFighter order
/// or a bot). The venue's trades are its listing's `TradeTape`.
struct AlpacaMarket {
    let venue: Venue
    let configuration: AlpacaConfiguration
    /// The news seed: the bots' seed, so that a session's news is the same on every run.
    let newsSeed: UInt64
    var accounts: [Account: AlpacaAccount] = [:]
    var orders: [OrderID: AlpacaOrderRecord] = [:]
    /// The ids of the orders still open.
    var open: Set<OrderID> = []
    private var fillCount: UInt64 = 0

    init(venue: Venue, configuration: AlpacaConfiguration, newsSeed: UInt64) {
        self.venue = venue
        self.configuration = configuration
        self.newsSeed = newsSeed
    }

    /// Makes `name`'s account (with the starting cash) if this is its first call.
    mutating func openAccount(_ name: Account, at time: Timestamp) {
        if accounts[name] == nil {
            accounts[name] = AlpacaAccount(name: name, createdAt: time, cash: configuration.startingCash)
        }
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
    /// and cancels (the trades themselves go to the venue's tape).
    mutating func record(_ events: [MatchEvent], at time: Timestamp) {
        for event in events {
            switch event {
            case let .fill(trade):
                fill(trade.standing, trade)
                fill(trade.incoming, trade)
            case let .cancelled(id, _):
                guard var order = orders[id], order.isOpen else { continue }
                order.canceledAt = time
                order.updatedAt = time
                orders[id] = order
                open.remove(id)
            case .accepted, .rested, .closed:
                continue
            }
        }
    }

    /// Cancels the day orders still open from before the session's last close and marks them
    /// expired (nothing without a session).
    mutating func expireDayOrders(at time: Timestamp, on exchange: inout Exchange) {
        guard let session = configuration.session, !open.isEmpty else { return }
        let lastClose = session.lastClose(atOrBefore: time.nanoseconds)
        for id in open {
            guard let order = orders[id], order.timeInForce == .day, order.createdAt.nanoseconds < lastClose else { continue }
            orders[id]!.expiredAt = time
            orders[id]!.updatedAt = time
            open.remove(id)
            var events: [MatchEvent] = []
            exchange.cancel(id, at: time, into: &events)
            record(events, at: time)
        }
    }

    private mutating func fill(_ id: OrderID, _ trade: Execution) {
        guard var order = orders[id], order.isOpen else { return }
        order.filledQty += trade.qty
        order.filledNotional += trade.price * trade.qty
        order.updatedAt = trade.time
        if order.filledQty == order.qty {
            order.filledAt = trade.time
            open.remove(id)
        }
        orders[id] = order
        fillCount += 1
        let activity = AlpacaFillActivity(
            id: Self.activityID(trade.time, fillCount), time: trade.time, orderID: id, symbol: order.symbol, side: order.side,
            price: trade.price, qty: trade.qty, cumQty: order.filledQty, leavesQty: order.leavesQty, orderStatus: order.status)
        guard var account = accounts.removeValue(forKey: order.account) else { return }
        account.apply(order.side, order.symbol, price: trade.price, qty: trade.qty)
        account.activities.append(activity)
        accounts[order.account] = account
    }

    /// `yyyyMMddHHmmssSSS::<uuid>`: Alpaca's activity id, the time to the millisecond first.
    private static func activityID(_ time: Timestamp, _ number: UInt64) -> String {
        let digits = time.iso8601.filter(\.isNumber)
        return String(digits.prefix(17)) + "::" + AlpacaIdentifier.uuid(number, .fill)
    }
}

extension AlpacaMarket {
    /// The account's cash less what its open limit buys would pay.
    func buyingPower(of name: Account) -> Money {
        guard let account = accounts[name] else { return .zero }
        var held = Money.zero
        for id in open {
            guard let order = orders[id], order.account == name, order.side == .buy, let limit = order.limitPrice else { continue }
            held += limit * order.leavesQty
        }
        return account.cash - held
    }

    /// The shares of `symbol` the account holds and has not offered in open sells.
    func availableQty(_ symbol: Symbol, of name: Account) -> Quantity {
        var available = accounts[name]?.positions[symbol]?.qty ?? .zero
        for id in open {
            guard let order = orders[id], order.account == name, order.side == .sell, order.symbol == symbol else { continue }
            available -= order.leavesQty
        }
        return available
    }
}
