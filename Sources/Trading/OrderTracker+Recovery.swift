import StrategyKit

extension OrderTracker {
    /// Takes over an order found at the exchange that this process did not place (at start-up,
    /// from the ledger's record of which strategy placed it): its fills beyond the first
    /// `recordedFills` (those already in the ledger) are new. An order still open is tracked
    /// from now on; one already closed is only remembered, without a `closed` update.
    public mutating func adopt(
        _ status: OrderStatus, strategy: StrategyID, recordedFills: Int, at time: Timestamp
    ) -> OrderTrackerChanges {
        let key = OrderKey(venue: status.venue, id: status.id)
        precondition(byExchangeID[key] == nil && closed[key] == nil, "order \(status.id) is already tracked")
        // Reconciliation refuses a ledger ahead of the exchange before adopting; the tracker
        // never reports a fill the exchange has not shown.
        let seen = min(max(recordedFills, 0), status.fills.count)
        let client = nextClientID()
        orders[client] = TrackedOrder(
            clientID: client, strategyID: strategy, venue: status.venue, request: Self.request(of: status), submittedAt: time,
            exchangeID: status.id, identity: OrderIdentity(status), state: seen > 0 ? .partlyFilled : .acknowledged, outcomeUnknownSince: nil,
            filled: status.fills[..<seen].reduce(Quantity.zero) { $0 + $1.qty }, fillsSeen: seen)
        byExchangeID[key] = client
        var changes = update(client, with: status)
        if !status.open {
            changes.updates.removeAll()
            changes.finished.removeAll()
        }
        return changes
    }

    /// Stops reporting the order `status` shows as unknown (an order of someone else, or a
    /// closed order with nothing to recover). It must not be tracked.
    public mutating func dismiss(_ status: OrderStatus) {
        let key = OrderKey(venue: status.venue, id: status.id)
        precondition(byExchangeID[key] == nil, "order \(status.id) is tracked; it closes through a report")
        closed[key] = .exchange(OrderIdentity(status), strategyID: nil)
    }

    /// Remembers an order of an earlier run that only the ledger still knows (the exchange no
    /// longer lists it), so that a new order under its id is not taken for it.
    public mutating func remember(_ recorded: RecordedOrder, venue: Venue, orderID id: OrderID) {
        let key = OrderKey(venue: venue, id: id)
        guard byExchangeID[key] == nil, closed[key] == nil else { return }
        closed[key] = .ledger(recorded)
    }

    /// Whether the order `id` on `venue` is known, open or not.
    public func knows(venue: Venue, id: OrderID) -> Bool {
        let key = OrderKey(venue: venue, id: id)
        return byExchangeID[key] != nil || closed[key] != nil
    }

    /// The tracked order `client`, while it is open.
    public func order(_ client: ClientOrderID) -> TrackedOrder? {
        orders[client]
    }

    /// The tracked order with exchange id `id` on `venue`, while it is open.
    public func order(venue: Venue, id: OrderID) -> TrackedOrder? {
        byExchangeID[OrderKey(venue: venue, id: id)].flatMap { orders[$0] }
    }

    /// Every open order (submitted, acknowledged or partly filled), oldest first.
    public var openOrders: [TrackedOrder] {
        orders.values
    }

    /// The open orders of `strategy`, oldest first, for its `StrategyContext`.
    public func openOrders(of strategy: StrategyID) -> [OpenOrder] {
        var open: [OpenOrder] = []
        // Counted first, to allocate once: growing by appends took two allocations for the two
        // or three orders a quoting strategy has.
        open.reserveCapacity(orders.values.count { $0.strategyID == strategy })
        for order in orders.values where order.strategyID == strategy { open.append(order.openOrder) }
        return open
    }
}
