import Risk
import StrategyKit

/// Follows every order the daemon places from submission to its end, and turns the exchange's
/// order reports into fills never seen before.
///
/// Pure and synchronous: the engine feeds it what the exchange said (placement responses,
/// status calls, the account's order lists) and gets back `OrderTrackerChanges`. Feeding the
/// same report twice, or an older report after a newer one, yields nothing new: a fill is
/// identified by venue, order id and its index in the order's fills (`FillID`) and reported once.
///
/// An order whose placement had an unknown outcome is never sent again: it stays open (without
/// an exchange id) until an account order list fetched after the outcome became unknown shows it
/// (it is then acknowledged) or does not (it is then rejected as `notPlacedReason`).
///
/// Final orders are dropped from memory; only their ids are kept (8 to 16 bytes each, plus the
/// venue's name) so that later reports of them are recognised.
public struct OrderTracker: Sendable {
    /// The rejection reason of an order with an unknown outcome that the account's orders
    /// showed was never placed.
    public static let notPlacedReason = "ORDER_NOT_PLACED"

    struct OrderKey: Hashable, Sendable {
        var venue: Venue
        var id: OrderID
    }

    /// The open orders, oldest first.
    var orders = TrackedOrders()
    var byExchangeID: [OrderKey: ClientOrderID] = [:]
    var closed: Set<OrderKey> = []
    private var lastClientID: UInt64 = 0

    /// A tracker that knows no orders.
    public init() {}

    /// Starts tracking `order`, about to be sent; its fills will be attributed to its strategy.
    public mutating func submit(_ order: ApprovedOrder) -> ClientOrderID {
        let id = nextClientID()
        orders[id] = TrackedOrder(
            clientID: id, strategyID: order.strategyID, venue: order.venue, request: order.request,
            submittedAt: order.approvedAt, exchangeID: nil, state: .submitted, outcomeUnknownSince: nil, filled: .zero,
            fillsSeen: 0)
        return id
    }

    /// The exchange accepted the order `client` and answered with `status`: records its id
    /// (an `accepted` update) and any fills or closing the status already shows.
    ///
    /// If `client` was already settled as not placed, `status` is an order the tracker no longer
    /// owns and comes back in `unknownOrders`.
    public mutating func acknowledge(_ client: ClientOrderID, with status: OrderStatus) -> OrderTrackerChanges {
        guard var order = orders[client] else { return apply(status) }
        var changes = OrderTrackerChanges()
        if let known = order.exchangeID {
            precondition(known == status.id, "order \(client) acknowledged as \(known) and as \(status.id)")
        } else {
            let key = OrderKey(venue: status.venue, id: status.id)
            precondition(status.venue == order.venue, "order \(client) acknowledged by another venue")
            precondition(byExchangeID[key] == nil, "order \(status.id) acknowledged for two submissions")
            order.exchangeID = status.id
            order.state = .acknowledged
            order.outcomeUnknownSince = nil
            orders[client] = order
            byExchangeID[key] = client
            changes.updates.append(StrategyOrderUpdate(strategyID: order.strategyID, update: .accepted(status.id, order.request)))
        }
        changes.append(update(client, with: status))
        return changes
    }

    /// The exchange refused the order `client` (or it was never placed): a `rejected` update with
    /// `reason`, a stable code. Nothing if the order is already final.
    public mutating func reject(_ client: ClientOrderID, reason: String) -> OrderTrackerChanges {
        guard var order = orders[client] else { return OrderTrackerChanges() }
        precondition(order.exchangeID == nil, "order \(client) was acknowledged; it can close, not be rejected")
        orders[client] = nil
        order.state = .rejected
        var changes = OrderTrackerChanges()
        changes.finished.append(order)
        changes.updates.append(StrategyOrderUpdate(strategyID: order.strategyID, update: .rejected(order.request, reason: reason)))
        return changes
    }

    /// Placing the order `client` had an unknown outcome at `time` (a timeout, a dropped
    /// connection). It stays open, is not to be sent again, and is settled by
    /// `applyAccountOrders`. Nothing happens if the order was acknowledged or is final.
    public mutating func markOutcomeUnknown(_ client: ClientOrderID, at time: Timestamp) {
        guard orders[client]?.state == .submitted else { return }
        orders[client]?.outcomeUnknownSince = time
    }

    /// Takes one report of an order (a status call, a cancel response, an entry of an order
    /// list) and returns its new fills and, if it closed, a `closed` update.
    public mutating func apply(_ status: OrderStatus) -> OrderTrackerChanges {
        let key = OrderKey(venue: status.venue, id: status.id)
        if closed.contains(key) { return OrderTrackerChanges() }
        if let client = byExchangeID[key] { return update(client, with: status) }
        switch claim(for: status) {
        case .claim(let client): return acknowledge(client, with: status)
        case .wait: return OrderTrackerChanges()
        case .none: break
        }
        var changes = OrderTrackerChanges()
        changes.unknownOrders.append(status)
        return changes
    }

    /// Takes several reports, lowest order id first (so identical orders with unknown outcomes
    /// are claimed oldest first).
    public mutating func apply(_ statuses: [OrderStatus]) -> OrderTrackerChanges {
        var changes = OrderTrackerChanges()
        for status in statuses.sorted(by: { ($0.venue, $0.id) < ($1.venue, $1.id) }) {
            changes.append(apply(status))
        }
        return changes
    }

    /// Takes a complete list of the account's orders on `venue` (in `symbol` only, or all
    /// symbols when nil), requested at `requestedAt`, and settles every order whose outcome
    /// became unknown at or before then: the ones the list shows are acknowledged, the others
    /// were never placed and are rejected with `notPlacedReason`. An order with an identical
    /// order still in flight waits for a later list.
    public mutating func applyAccountOrders(
        _ statuses: [OrderStatus], venue: Venue, symbol: Symbol?, requestedAt: Timestamp
    ) -> OrderTrackerChanges {
        var changes = apply(statuses)
        let unplaced = orders.values.filter { order in
            guard let since = order.outcomeUnknownSince, order.exchangeID == nil else { return false }
            return since <= requestedAt && order.venue == venue && (symbol == nil || order.request.symbol == symbol)
                && !hasSiblingInFlight(order)
        }
        for order in unplaced {
            changes.append(reject(order.clientID, reason: Self.notPlacedReason))
        }
        return changes
    }

    mutating func nextClientID() -> ClientOrderID {
        lastClientID += 1
        return ClientOrderID(rawValue: lastClientID)
    }

    private enum Claim {
        /// No order without an exchange id could be this one: it is unknown.
        case none
        /// An identical order is still in flight: its own response will say which it is.
        case wait
        /// The oldest identical order with an unknown outcome is this one.
        case claim(ClientOrderID)
    }

    /// Which order without an exchange id `status` reports, if any could be: same venue, symbol,
    /// side, type, quantity and (for priced orders) price. Only orders with an unknown outcome
    /// are claimed from a report, and only when no identical order is still in flight, so that
    /// a claim never takes an id that a placement response is about to bring.
    private func claim(for status: OrderStatus) -> Claim {
        let reported = Self.request(of: status)
        let candidates = orders.values.filter {
            $0.exchangeID == nil && $0.venue == status.venue && Self.isSame($0.request, as: reported)
        }
        if candidates.contains(where: { $0.outcomeUnknownSince == nil }) { return .wait }
        guard let oldest = candidates.first else { return .none }
        return .claim(oldest.clientID)
    }

    /// Whether an order with an unknown outcome has an identical order in flight, which keeps
    /// it from being claimed or settled until that one is acknowledged.
    private func hasSiblingInFlight(_ order: TrackedOrder) -> Bool {
        orders.values.contains {
            $0.exchangeID == nil && $0.outcomeUnknownSince == nil && $0.venue == order.venue
                && Self.isSame($0.request, as: order.request)
        }
    }

    /// The request an order report describes (without the strategy's tag).
    static func request(of status: OrderStatus) -> OrderRequest {
        OrderRequest(symbol: status.symbol, side: status.side, type: status.type, price: status.price, qty: status.originalQty)
    }

    private static func isSame(_ request: OrderRequest, as other: OrderRequest) -> Bool {
        request.symbol == other.symbol && request.side == other.side && request.type == other.type
            && request.qty == other.qty && (!request.type.isPriced || request.price == other.price)
    }

    /// Applies `status` to the tracked order `client`: new fills, then the state it shows.
    /// An older report (fewer fills than already seen) changes nothing.
    mutating func update(_ client: ClientOrderID, with status: OrderStatus) -> OrderTrackerChanges {
        guard var order = orders[client], let id = order.exchangeID else {
            preconditionFailure("order \(client) is tracked with an exchange id")
        }
        var changes = OrderTrackerChanges()
        guard status.fills.count >= order.fillsSeen else { return changes }
        for index in order.fillsSeen..<status.fills.count {
            let reported = status.fills[index]
            changes.fills.append(
                Fill(
                    venue: status.venue, account: status.account, symbol: status.symbol, orderID: id, index: index,
                    side: status.side, price: reported.price, qty: reported.qty, time: reported.ts,
                    strategyID: order.strategyID))
            order.filled = order.filled.addingSaturated(reported.qty)
        }
        order.fillsSeen = status.fills.count
        if status.open {
            order.state = order.fillsSeen > 0 ? .partlyFilled : .acknowledged
            orders[client] = order
        } else {
            let key = OrderKey(venue: status.venue, id: id)
            orders[client] = nil
            byExchangeID[key] = nil
            closed.insert(key)
            order.state = status.totalFilled >= status.originalQty ? .filled : .cancelled
            changes.finished.append(order)
            changes.updates.append(
                StrategyOrderUpdate(strategyID: order.strategyID, update: .closed(id, order.request, filled: order.filled)))
        }
        return changes
    }
}
