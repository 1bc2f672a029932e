import Risk
@_spi(Host) import StrategyKit

extension TradingEngine {
    /// Routes a strategy's intents: orders through the risk checker (held by the engine where the
    /// venue cannot keep them), cancels and replaces to the exchange, timers to the engine.
    func process(_ intents: [Intent], from index: Int, at now: Timestamp, depth: Int, into actions: inout [EngineAction]) throws {
        guard !intents.isEmpty else { return }
        let id = slots[index].id
        guard depth < Self.maxCallbackDepth else {
            logger.warning("dropping intents: callback chain too deep", ["strategy": id.rawValue, "intents": String(intents.count)])
            return
        }
        statistics.intents += intents.count
        for intent in intents {
            switch intent {
            case .place(let request):
                try submit(request, from: index, at: now, depth: depth, into: &actions)
            case .placeGroup(let group):
                try place(group, from: index, at: now, depth: depth, into: &actions)
            case .replace(let orderID, let price, let qty):
                try replace(orderID, price: price, qty: qty, from: index, at: now, depth: depth, into: &actions)
            case .cancel(let orderID):
                if emulated.contains(where: { $0.id == orderID && $0.strategyID == id }) {
                    try dropEmulated(orderID, at: now, depth: depth, into: &actions)
                    continue
                }
                guard let order = orders.order(venue: venue, id: orderID), order.strategyID == id else {
                    logger.debug("cancel of an order that is not open", ["strategy": id.rawValue, "order": orderID.description])
                    continue
                }
                cancel(order, into: &actions)
            case .cancelAll(let symbol):
                for order in orders.openOrders where order.strategyID == id && order.request.symbol == symbol {
                    cancel(order, into: &actions)
                }
                for held in emulated where held.strategyID == id && held.request.symbol == symbol {
                    try dropEmulated(held.id, at: now, depth: depth, into: &actions)
                }
            case .setTimer(let timer, let due):
                setTimer(timer, at: due, slot: index)
            case .cancelTimer(let timer):
                cancelTimer(timer, slot: index)
            @unknown default:
                // An intent from a newer SDK than this host knows.
                logger.warning("ignoring an intent this tickwork does not know", ["strategy": id.rawValue])
            }
        }
    }

    /// Places `request`, or holds it when the venue cannot keep its trigger; returns the leg it
    /// became, nil when it was denied.
    @discardableResult
    func submit(
        _ request: OrderRequest, from index: Int, group: Int? = nil, at now: Timestamp, depth: Int, into actions: inout [EngineAction]
    ) throws -> EngineOrderGroup.Leg? {
        guard request.trigger != nil, !capabilities.triggers else {
            return try place(request, from: index, at: now, depth: depth, into: &actions).map { .sent($0, nil) }
        }
        return try hold(request, from: index, group: group, at: now, depth: depth, into: &actions).map { .held($0) }
    }

    /// Replaces order `orderID` of strategy `index`: a held order in place, at a venue that can
    /// amend in place by asking it to, elsewhere by a cancel and, once that closes the order, a
    /// new order for what it had left.
    private func replace(
        _ orderID: OrderID, price: Price?, qty: Quantity?, from index: Int, at now: Timestamp, depth: Int,
        into actions: inout [EngineAction]
    ) throws {
        let id = slots[index].id
        if let held = emulated.firstIndex(where: { $0.id == orderID && $0.strategyID == id }) {
            let request = Self.replacing(emulated[held].request, price: price, qty: qty)
            emulated[held].request = request
            emulatedOrdersChanged()
            try tell(.replaced(orderID, by: orderID, request: request), to: index, at: now, depth: depth, into: &actions)
            return
        }
        guard let order = orders.order(venue: venue, id: orderID), order.strategyID == id else {
            logger.debug("replace of an order that is not open", ["strategy": id.rawValue, "order": orderID.description])
            return
        }
        let request = Self.replacing(order.request, price: price, qty: qty)
        guard !capabilities.replace else {
            let decision = check(request, from: id, at: now)
            switch decision {
            case .approved(let approved):
                let client = submitApproved(approved, at: now)
                replacements.append(PendingReplacement(strategyID: id, old: orderID, request: request, placed: client))
                actions.append(.replace(venue: order.venue, orderID: orderID, client, approved))
            case .denied(let denial):
                try deny(denial, of: request, from: index, at: now, depth: depth, into: &actions)
            }
            return
        }
        guard emulationAllowed else {
            try tell(.rejected(request, reason: RiskCode.emulationRefused.rawValue), to: index, at: now, depth: depth, into: &actions)
            return
        }
        replacements.append(PendingReplacement(strategyID: id, old: orderID, request: request))
        cancel(order, into: &actions)
    }

    /// `request` with a new price (a stop's stop price, else its limit) and quantity where given.
    static func replacing(_ request: OrderRequest, price: Price?, qty: Quantity?) -> OrderRequest {
        var replaced = request
        if let qty { replaced.qty = qty }
        if let price {
            if case .stop? = request.trigger { replaced.trigger = .stop(price) } else { replaced.price = price }
        }
        return replaced
    }

    /// Calls strategy `index`'s `onOrderUpdate` with `update` and routes what it asks for.
    func tell(_ update: OrderUpdate, to index: Int, at now: Timestamp, depth: Int, into actions: inout [EngineAction]) throws {
        guard !isStopped else { return }
        let intents = call(index, at: now) { $0.onOrderUpdate(update, context: $1) }
        try process(intents, from: index, at: now, depth: depth + 1, into: &actions)
    }
}
