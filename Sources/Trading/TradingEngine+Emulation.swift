import Risk
@_spi(Host) import StrategyKit

extension TradingEngine {
    /// Holds `request` (an order with a trigger the venue cannot keep) in the engine, once the
    /// risk checker approves it as it would be sent; returns its (negative) id, nil when denied.
    /// Refused with `RISK_EMULATION_REFUSED` when the configuration allows no emulated orders.
    func hold(
        _ request: OrderRequest, from index: Int, group: Int?, at now: Timestamp, depth: Int, into actions: inout [EngineAction]
    ) throws -> OrderID? {
        let id = slots[index].id
        guard emulationAllowed else {
            let denial = RiskDenial(
                code: .emulationRefused, strategyID: id, request: request, limit: nil, actual: nil,
                message: "\(request.kind) orders are emulated on \(venue) and the configuration refuses emulated orders")
            try deny(denial, of: request, from: index, at: now, depth: depth, into: &actions)
            return nil
        }
        let decision = check(request, from: id, at: now)
        if case .denied(let denial) = decision {
            try deny(denial, of: request, from: index, at: now, depth: depth, into: &actions)
            return nil
        }
        let orderID = OrderID(nextEmulatedID)
        nextEmulatedID -= 1
        var order = EmulatedOrder(id: orderID, strategyID: id, request: request, group: group)
        if let mark = portfolio.lastFillPrices[request.symbol] ?? bookView(of: request.symbol)?.mid { _ = order.follow(mark) }
        emulated.append(order)
        emulatedOrdersChanged()
        logger.info("order held by the engine (emulated: it dies with the process)", [
            "strategy": id.rawValue, "order": orderID.description, "symbol": request.symbol.rawValue, "side": request.side.rawValue,
            "type": request.kind, "qty": request.qty.description, "stop": order.stopPrice?.description ?? "-",
        ])
        try tell(.emulated(orderID, request), to: index, at: now, depth: depth, into: &actions)
        return orderID
    }

    /// Forgets the held order `orderID` (its strategy cancelled it, or a sibling in its group
    /// filled) and tells its strategy it closed; the rest of its group is cancelled too.
    func dropEmulated(_ orderID: OrderID, at now: Timestamp, depth: Int, into actions: inout [EngineAction]) throws {
        guard let at = emulated.firstIndex(where: { $0.id == orderID }) else { return }
        let order = emulated.remove(at: at)
        emulatedOrdersChanged()
        if let group = order.group { try closed(.held(orderID), in: group, at: now, depth: depth, into: &actions) }
        guard let index = slotIndex(of: order.strategyID) else { return }
        try tell(.closed(orderID, order.request, filled: .zero), to: index, at: now, depth: depth, into: &actions)
    }

    /// Marks what strategies see of the held orders out of date.
    func emulatedOrdersChanged() {
        openOrdersAreCurrent = false
        changes &+= 1
    }

    /// Checks the held orders of the book's symbol against the side of the book each would
    /// execute against (the best bid for a sell, the best ask for a buy).
    func triggerEmulatedOrders(in view: BookView, at now: Timestamp, into actions: inout [EngineAction]) throws {
        try triggerEmulatedOrders(of: view.symbol, at: now, into: &actions) { $0 == .sell ? view.bestBid : view.bestAsk }
    }

    /// Checks the held orders of the trade's symbol against its price.
    func triggerEmulatedOrders(on trade: Trade, into actions: inout [EngineAction]) throws {
        guard !emulated.isEmpty else { return }
        try triggerEmulatedOrders(of: trade.symbol, at: trade.time, into: &actions) { _ in trade.price }
    }

    /// Moves trailing stops with `price(side)` and sends each held order whose stop it meets as
    /// its type, without the trigger; its strategy hears `trailMoved` and `triggered`.
    private func triggerEmulatedOrders(
        of symbol: Symbol, at now: Timestamp, into actions: inout [EngineAction], price: (Side) -> Price?
    ) throws {
        var met: [OrderID] = []
        for at in emulated.indices where emulated[at].request.symbol == symbol {
            guard let price = price(emulated[at].request.side) else { continue }
            if emulated[at].follow(price), let trail = emulated[at].trail, let index = slotIndex(of: emulated[at].strategyID) {
                emulatedOrdersChanged()
                try tell(
                    .trailMoved(emulated[at].id, highWaterMark: trail.highWaterMark, stopPrice: trail.stopPrice), to: index, at: now,
                    depth: 0, into: &actions)
            }
            if let stop = emulated[at].stopPrice, OrderTrigger.isMet(by: price, stop: stop, side: emulated[at].request.side) {
                met.append(emulated[at].id)
            }
        }
        for orderID in met {
            guard let at = emulated.firstIndex(where: { $0.id == orderID }) else { continue }
            let order = emulated.remove(at: at)
            emulatedOrdersChanged()
            guard let index = slotIndex(of: order.strategyID) else { continue }
            logger.info("emulated order triggered", ["order": orderID.description, "stop": order.stopPrice?.description ?? "-"])
            try tell(.triggered(orderID, order.request, sent: order.triggered), to: index, at: now, depth: 0, into: &actions)
            let sent = try place(order.triggered, from: index, at: now, depth: 0, into: &actions)
            guard let group = order.group else { continue }
            try cancelSiblings(of: .held(orderID), in: group, at: now, into: &actions)
            if let sent, let at = groups.firstIndex(where: { $0.id == group }) {
                groups[at].exits = [.sent(sent, nil)]
            } else {
                groups.removeAll { $0.id == group }
            }
        }
    }
}
