import Risk
@_spi(Host) import StrategyKit

extension TradingEngine {
    /// Places `request` if the risk checker approves it; returns its number, nil when denied
    /// (the strategy is told why).
    @discardableResult
    func place(_ request: OrderRequest, from index: Int, at now: Timestamp, depth: Int, into actions: inout [EngineAction]) throws
        -> ClientOrderID?
    {
        let id = slots[index].id
        let decision = check(request, from: id, at: now)
        switch decision {
        case .approved(let order):
            let client = submitApproved(order, at: now)
            actions.append(.place(client, order))
            return client
        case .denied(let denial):
            try deny(denial, of: request, from: index, at: now, depth: depth, into: &actions)
            return nil
        }
    }

    /// The risk checker's decision on `request` from strategy `id` against the latest book of its
    /// symbol, the last fill price and every strategy's exposure.
    func check(_ request: OrderRequest, from id: StrategyID, at now: Timestamp) -> RiskDecision {
        risk.check(
            request, from: id, book: bookView(of: request.symbol), lastTrade: portfolio.lastFillPrices[request.symbol],
            exposure: RiskExposure(portfolio: portfolio, orders: orders), now: now)
    }

    /// Tracks an approved order and logs it; returns its number.
    func submitApproved(_ order: ApprovedOrder, at now: Timestamp) -> ClientOrderID {
        statistics.approved += 1
        let client = orders.submit(order)
        if let orderFlow, let tracked = orders.order(client) {
            orderFlow.orderChanged(tracked, fills: [], at: now)
        }
        let request = order.request
        logger.info("order sent", [
            "strategy": order.strategyID.rawValue, "client": client.description, "symbol": request.symbol.rawValue,
            "side": request.side.rawValue, "type": request.kind, "qty": request.qty.description,
            "price": request.price.description, "tif": request.timeInForce.rawValue,
        ])
        return client
    }

    /// Counts and logs a denial and tells the strategy its order was rejected.
    func deny(_ denial: RiskDenial, of request: OrderRequest, from index: Int, at now: Timestamp, depth: Int, into actions: inout [EngineAction]) throws {
        let id = slots[index].id
        statistics.denied += 1
        statistics.deniedByCode[denial.code, default: 0] += 1
        orderFlow?.orderDenied(denial, at: now)
        if statistics.deniedByCode[denial.code] == 1 { statistics.firstDenialByCode[denial.code] = denial }
        // A strategy retrying against the same limit would flood the log: the same denial
        // again within ten seconds goes to debug.
        let repeated = lastDenial[id].map { $0.code == denial.code && now.nanoseconds(since: $0.time) < 10_000_000_000 } ?? false
        if !repeated { lastDenial[id] = (denial.code, now) }
        logger.log(repeated ? .debug : .warning, "order denied", [
            "strategy": id.rawValue, "code": denial.code.rawValue, "limit": denial.limit.map(String.init) ?? "-",
            "actual": denial.actual.map(String.init) ?? "-", "why": denial.message,
        ])
        try tell(.rejected(request, reason: denial.code.rawValue), to: index, at: now, depth: depth, into: &actions)
    }

    /// Sends a cancel for `order` once; an order not yet acknowledged is cancelled when it is.
    func cancel(_ order: TrackedOrder, into actions: inout [EngineAction]) {
        guard let exchangeID = order.exchangeID else {
            cancelOnAcknowledge.insert(order.clientID)
            return
        }
        guard pendingCancels.insert(exchangeID).inserted else { return }
        statistics.cancels += 1
        actions.append(.cancel(venue: order.venue, symbol: order.request.symbol, orderID: exchangeID))
    }

    /// Sends a cancel, once, for the order `status` reports if it is open: an order that no
    /// tracked order stands for. Returns whether a cancel was sent.
    @discardableResult
    func cancelUntracked(_ status: OrderStatus, into actions: inout [EngineAction]) -> Bool {
        guard status.open, pendingCancels.insert(status.id).inserted else { return false }
        statistics.cancels += 1
        actions.append(.cancel(venue: status.venue, symbol: status.symbol, orderID: status.id))
        return true
    }

    /// Records, applies and announces what the order tracker found: fills first (journal, then
    /// portfolio, then the strategy), then order updates.
    func apply(_ changes: OrderTrackerChanges, at now: Timestamp, into actions: inout [EngineAction]) throws {
        var changes = changes
        noteAcceptances(in: &changes)
        let booked = try record(changes.fills, reconciled: false)
        if let orderFlow {
            report(changes, booked: booked, to: orderFlow, at: now)
        }
        for fill in booked {
            if !groups.isEmpty { try groupFilled(fill, at: now, into: &actions) }
            if !isStopped, let index = slotIndex(of: fill.strategyID) {
                let intents = call(index, at: now) { $0.onFill(fill, context: $1) }
                try process(intents, from: index, at: now, depth: 0, into: &actions)
            }
        }
        for order in changes.finished {
            if let exchangeID = order.exchangeID { pendingCancels.remove(exchangeID) }
        }
        for order in changes.notPlaced {
            logger.warning("order settled as not placed", [
                "strategy": order.strategyID.rawValue, "client": order.clientID.description, "symbol": order.request.symbol.rawValue,
                "reason": OrderTracker.notPlacedReason,
            ])
        }
        for order in changes.adoptedLate {
            logger.warning("order settled as not placed showed up; adopted", [
                "strategy": order.strategyID.rawValue, "client": order.clientID.description,
                "order": order.exchangeID?.description ?? "-",
            ])
        }
        for update in changes.updates {
            if case .closed(let orderID, _, let filled) = update.update, !groups.isEmpty || !replacements.isEmpty {
                try orderClosed(orderID, client: update.clientID, filled: filled, at: now, into: &actions)
            }
            guard !isStopped, let index = slotIndex(of: update.strategyID) else { continue }
            let intents = call(index, at: now) { $0.onOrderUpdate(update.update, context: $1) }
            try process(intents, from: index, at: now, depth: 0, into: &actions)
        }
        for clash in changes.clashes {
            halt(for: clash, at: now, into: &actions)
        }
        for status in changes.unknownOrders where status.open {
            logger.warning("an open order this daemon did not place", ["order": status.id.description, "symbol": status.symbol.rawValue])
        }
        if !changes.fills.isEmpty {
            try evaluateLoss(at: now, into: &actions)
        }
    }

    /// Appends `fills` to the journal, makes them durable, then applies them to the portfolio;
    /// returns those that were new (a fill the journal already held is applied nowhere).
    func record(_ fills: [Fill], reconciled: Bool) throws -> [Fill] {
        guard !fills.isEmpty else { return [] }
        let new = try fills.filter { try journal.append($0, reconciled: reconciled) }
        try journal.makeDurable()
        for fill in new {
            applyToPortfolio(fill)
            statistics.fills += 1
            logger.info("fill", [
                "strategy": fill.strategyID.rawValue, "symbol": fill.symbol.rawValue, "side": fill.side.rawValue,
                "qty": fill.qty.description, "price": fill.price.description, "order": fill.orderID.description,
                "position": portfolio.position(of: fill.strategyID, in: fill.symbol).quantity.description,
                "reconciled": String(reconciled),
            ])
        }
        return new
    }

    /// Halts what lost too much and cancels its open orders. Not evaluated again on the same UTC
    /// day while the portfolio and the risk checker are as the last evaluation left them: an
    /// evaluation is a function of the P&L, the day and the checker, and one given what an
    /// evaluation left changes nothing (a loss over a limit has halted its scope already). The
    /// checker itself answers quickly when only the P&L moved within the limits.
    func evaluateLoss(at now: Timestamp, into actions: inout [EngineAction]) throws {
        let day = now.utcDay
        guard day != lossEvaluatedDay else { return }
        let changes = risk.evaluateLoss(pnlSortedByStrategy: portfolio.totals, now: now)
        // Set after the evaluation (whose own changes to the checker clear it) and before acting
        // on its changes, so that anything acting changes clears it again.
        lossEvaluatedDay = day
        for change in changes {
            act(on: change, into: &actions)
        }
    }

    /// Logs `change`, asks for the risk state to be persisted, and cancels the scope's open
    /// orders when it says so.
    func act(on change: TradingStateChange, into actions: inout [EngineAction]) {
        logger.warning("trading state changed", ["change": change.description])
        orderFlow?.tradingStateChanged(change)
        actions.append(.tradingStateChanged(change))
        guard change.cancelOpenOrders else { return }
        for order in orders.openOrders {
            switch change.scope {
            case .account: cancel(order, into: &actions)
            case .strategy(let id) where id == order.strategyID: cancel(order, into: &actions)
            case .strategy: continue
            }
        }
    }

    /// Two orders under one id: logs both, halts the strategies involved (`RISK_ORDER_ID_CLASH`,
    /// persisted, lifted only by `tickwork resume`) and cancels the reported order if it is
    /// open, since no strategy can be said to own it.
    /// A clash seen again (each poll of the order brings it back) is logged at debug level.
    func halt(for clash: OrderClash, at now: Timestamp, into actions: inout [EngineAction]) {
        let reported = clash.reported
        let filled = reported.fills.reduce(Quantity.zero) { $0 + $1.qty }
        let repeated = !reportedClashes.insert(reported.id).inserted
        logger.log(repeated ? .debug : .error, "order id clash: the exchange reports another order under an id that stands for one already known; halting", [
            "order": reported.id.description, "known": clash.known,
            "reported": "\(OrderIdentity(reported)) fills \(reported.fills.count) (\(filled) shares) open \(reported.open)",
            "strategies": clash.strategies.map(\.rawValue).joined(separator: ","),
        ])
        for strategy in clash.strategies {
            if let change = risk.halt(.strategy(strategy), code: .orderIDClash, now: now) {
                act(on: change, into: &actions)
            }
        }
        cancelUntracked(reported, into: &actions)
    }
}
