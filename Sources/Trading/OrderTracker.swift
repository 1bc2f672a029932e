import Risk
import StrategyKit

/// Follows every order the daemon places from submission to its end, and turns the exchange's
/// order reports into fills never seen before.
///
/// Pure and synchronous: the engine feeds it what the exchange said (placement responses,
/// status calls, the account's order lists) and gets back `OrderTrackerChanges`. Feeding the
/// same report twice, or an older report after a newer one, yields nothing new: a fill is
/// identified by venue, order id and its index in the order's fills (`FillID`) and reported once.
/// This is the one place that decides a fill is new: the journals behind the engine record
/// what it reports (see `FillJournal`).
///
/// An order whose placement had an unknown outcome is never sent again: it stays open (without
/// an exchange id) until an account order list shows it (it is then acknowledged), or until a
/// list requested once `settlementWindowMs` has passed since it was sent does not (it is then
/// rejected as `notPlacedReason`). An order so settled that the exchange shows later after all
/// is adopted, not ignored (see `OrderTracker+Settlement.swift`).
///
/// An order is more than its id: a report under a known id whose identity (`OrderIdentity`, or
/// for an order only the ledger knows, its first fill) differs is another order reusing the id.
/// Nothing of it is booked; it comes back in `clashes`.
///
/// Final orders are dropped from memory; only their ids and fingerprints are kept so that later
/// reports of them are recognised.
public struct OrderTracker: Sendable {
    /// The rejection reason of an order with an unknown outcome that the account's orders
    /// showed was never placed.
    public static let notPlacedReason = "ORDER_NOT_PLACED"
    /// The rejection reason of a placement the exchange acknowledged with an id that already
    /// stands for another order.
    public static let clashReason = "ORDER_ID_CLASH"

    struct OrderKey: Hashable, Sendable {
        var venue: Venue
        var id: OrderID

        /// The id alone: a tracker's orders are nearly always of one venue, and hashing its
        /// name as well cost as much as the rest of a lookup. Keys equal by `==` (venue and id)
        /// still hash equal.
        func hash(into hasher: inout Hasher) { hasher.combine(id) }
    }

    /// The open orders, oldest first.
    var orders = TrackedOrders()
    var byExchangeID: [OrderKey: ClientOrderID] = [:]
    /// Orders no longer open (closed, dismissed, or known from the ledger), by id.
    var closed: [OrderKey: OrderFingerprint] = [:]
    /// Orders settled as not placed, kept for `lateOrderWindows` settlement windows in case the
    /// exchange shows them after all (then they are adopted), oldest first.
    var settledNotPlaced: [TrackedOrder] = []
    /// How long after a placement with an unknown outcome was sent an account order list must
    /// have been requested for its silence to settle the order as not placed.
    public var settlementWindowMs: Int64 = 30_000
    private var lastClientID: UInt64 = 0

    /// A tracker that knows no orders.
    public init() {}

    /// Starts tracking `order`, about to be sent; its fills will be attributed to its strategy.
    public mutating func submit(_ order: ApprovedOrder) -> ClientOrderID {
        let id = nextClientID()
        orders[id] = TrackedOrder(
            clientID: id, strategyID: order.strategyID, venue: order.venue, request: order.request,
            submittedAt: order.approvedAt, exchangeID: nil, identity: nil, state: .submitted, outcomeUnknownSince: nil, filled: .zero,
            fillsSeen: 0)
        return id
    }

    /// The exchange accepted the order `client` and answered with `status`: records its id
    /// (an `accepted` update) and any fills or closing the status already shows.
    ///
    /// If `client` was already settled as not placed, it is adopted after all. If the id
    /// already stands for another order (open, closed, or in the ledger), the placement is
    /// dropped with a `rejected` update (`clashReason`) and the clash is reported.
    public mutating func acknowledge(_ client: ClientOrderID, with status: OrderStatus) -> OrderTrackerChanges {
        guard var order = orders[client] else {
            if let index = settledNotPlaced.firstIndex(where: { $0.clientID == client }) {
                return adoptSettled(at: index, as: status)
            }
            return apply(status)
        }
        let key = OrderKey(venue: status.venue, id: status.id)
        if let known = order.exchangeID {
            guard known == status.id, order.identity == OrderIdentity(status) else {
                return clash(Self.describe(order), status, [order.strategyID])
            }
            return update(client, with: status)
        }
        precondition(status.venue == order.venue, "order \(client) acknowledged by another venue")
        if let other = byExchangeID[key].flatMap({ orders[$0] }) {
            orders[client] = nil
            var changes = clash(Self.describe(other), status, [other.strategyID, order.strategyID])
            changes.append(dropClashing(order))
            return changes
        }
        if let known = closed[key] {
            if known.strategyID != nil || known.matches(status) {
                orders[client] = nil
                var changes = clash(known.description, status, [known.strategyID ?? order.strategyID, order.strategyID])
                changes.append(dropClashing(order))
                return changes
            }
            closed[key] = nil
        }
        var changes = OrderTrackerChanges()
        order.exchangeID = status.id
        order.identity = OrderIdentity(status)
        order.state = .acknowledged
        order.outcomeUnknownSince = nil
        byExchangeID[key] = client
        changes.updates.append(StrategyOrderUpdate(strategyID: order.strategyID, update: .accepted(status.id, order.request), clientID: order.clientID))
        changes.append(update(order, with: status))
        return changes
    }

    /// A report of an order under an id that stands for `known`: nothing booked, the clash
    /// reported for `strategies` (each once).
    private func clash(_ known: String, _ status: OrderStatus, _ strategies: [StrategyID]) -> OrderTrackerChanges {
        var changes = OrderTrackerChanges()
        var unique: [StrategyID] = []
        for strategy in strategies where !unique.contains(strategy) { unique.append(strategy) }
        changes.clashes.append(OrderClash(known: known, reported: status, strategies: unique))
        return changes
    }

    /// The tracked, acknowledged `order` as a clash's log line names it.
    private static func describe(_ order: TrackedOrder) -> String {
        order.identity.map { OrderFingerprint.exchange($0, strategyID: order.strategyID).description } ?? "order \(order.clientID)"
    }

    /// Ends the placement `order`, whose acknowledgement clashed, as rejected with `clashReason`:
    /// it cannot be told apart from the other order, so it is not tracked.
    private func dropClashing(_ order: TrackedOrder) -> OrderTrackerChanges {
        var order = order
        order.state = .rejected
        var changes = OrderTrackerChanges()
        changes.finished.append(order)
        changes.updates.append(StrategyOrderUpdate(strategyID: order.strategyID, update: .rejected(order.request, reason: Self.clashReason), clientID: order.clientID))
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
        changes.updates.append(StrategyOrderUpdate(strategyID: order.strategyID, update: .rejected(order.request, reason: reason), clientID: order.clientID))
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
    ///
    /// A report under an id that stands for another order of a strategy is a clash; one under
    /// the id of an order of someone else is a new order (that one's fills were never booked).
    public mutating func apply(_ status: OrderStatus) -> OrderTrackerChanges {
        let key = OrderKey(venue: status.venue, id: status.id)
        if let known = closed[key] {
            if known.matches(status) { return OrderTrackerChanges() }
            guard let strategy = known.strategyID else {
                closed[key] = nil
                return apply(status)
            }
            return clash(known.description, status, [strategy])
        }
        if let client = byExchangeID[key], let order = orders[client] {
            guard order.identity == OrderIdentity(status) else {
                return clash(Self.describe(order), status, [order.strategyID])
            }
            return update(order, with: status)
        }
        switch claim(for: status) {
        case .claim(let client): return acknowledge(client, with: status)
        case .wait: return OrderTrackerChanges()
        case .none: break
        }
        if let index = settledNotPlaced.firstIndex(where: { $0.venue == status.venue && Self.isSame($0.request, as: Self.request(of: status)) }) {
            return adoptSettled(at: index, as: status)
        }
        var changes = OrderTrackerChanges()
        changes.unknownOrders.append(status)
        return changes
    }

    /// Takes several reports, lowest order id first (so identical orders with unknown outcomes
    /// are claimed oldest first).
    public mutating func apply(_ statuses: [OrderStatus]) -> OrderTrackerChanges {
        // One report, the usual case (an order's status, a cancel's answer), needs no sorting.
        if statuses.count == 1 { return apply(statuses[0]) }
        var changes = OrderTrackerChanges()
        for status in statuses.sorted(by: { ($0.venue, $0.id) < ($1.venue, $1.id) }) {
            changes.append(apply(status))
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
    func hasSiblingInFlight(_ order: TrackedOrder) -> Bool {
        orders.values.contains {
            $0.exchangeID == nil && $0.outcomeUnknownSince == nil && $0.venue == order.venue
                && Self.isSame($0.request, as: order.request)
        }
    }

    /// The request an order report describes (without the strategy's tag).
    static func request(of status: OrderStatus) -> OrderRequest {
        OrderRequest(symbol: status.symbol, side: status.side, type: status.type, price: status.price, qty: status.originalQty)
    }

    static func isSame(_ request: OrderRequest, as other: OrderRequest) -> Bool {
        request.symbol == other.symbol && request.side == other.side && request.type == other.type
            && request.qty == other.qty && (!request.type.isPriced || request.price == other.price)
    }

    /// Applies `status` to the tracked order `client`: new fills, then the state it shows.
    /// An older report (fewer fills than already seen) changes nothing.
    mutating func update(_ client: ClientOrderID, with status: OrderStatus) -> OrderTrackerChanges {
        guard let order = orders[client] else { preconditionFailure("order \(client) is tracked") }
        return update(order, with: status)
    }

    /// `update(_:with:)` of `order`, the tracked order as the caller already holds it (stored, or
    /// about to be): the result is stored either way, so it is not looked up, nor stored twice.
    private mutating func update(_ order: TrackedOrder, with status: OrderStatus) -> OrderTrackerChanges {
        var order = order
        let client = order.clientID
        guard let id = order.exchangeID else { preconditionFailure("order \(client) is tracked with an exchange id") }
        var changes = OrderTrackerChanges()
        guard status.fills.count >= order.fillsSeen else {
            orders[client] = order
            return changes
        }
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
            closed[key] = .exchange(OrderIdentity(status), strategyID: order.strategyID)
            order.state = status.totalFilled >= status.originalQty ? .filled : .cancelled
            changes.finished.append(order)
            changes.updates.append(
                StrategyOrderUpdate(strategyID: order.strategyID, update: .closed(id, order.request, filled: order.filled), clientID: order.clientID))
        }
        return changes
    }
}
