import Risk
@_spi(Host) import StrategyKit

extension TradingEngine {
    /// An operator's change of `scope` to `target` (halt, reduce-only, resume), made through
    /// the risk checker as a `RISK_MANUAL` change: logged, offered to the order flow, returned as
    /// a `tradingStateChanged` action to persist, and, on a move to halted, with a cancel of
    /// the scope's open orders (as a loss-limit halt has). No action when it is in `target`
    /// already.
    public func setTradingState(_ target: TradingState, for scope: TradingScope, at now: Timestamp) -> [EngineAction] {
        var actions: [EngineAction] = []
        if let change = risk.setState(target, for: scope, now: now) { act(on: change, into: &actions) }
        return actions
    }

    /// Starts closing the positions of `scope` (in `symbol`, or in every symbol): the scope
    /// turns reducing (so its strategies can open nothing meanwhile), its open orders are
    /// cancelled and its held orders dropped; once no order of it is open, each position is
    /// closed with a marketable limit order (immediate-or-cancel, priced by `ClosingPrice`)
    /// through the risk checker. Rounds repeat, each sized from the positions once the last
    /// round's orders closed, until flat or `Flatten.maxRounds`; every step is logged. A flatten
    /// under way is replaced. Refused while the account is halted and `scope` is one strategy.
    public func flatten(_ scope: TradingScope, symbol: Symbol?, at now: Timestamp) throws(FlattenRefused) -> [EngineAction] {
        if case .strategy = scope, risk.state.account.state == .halted {
            throw FlattenRefused(reason: "the account is halted: no closing order could pass; set it reduce-only first")
        }
        var actions: [EngineAction] = []
        if risk.state.status(of: scope).state != .reducing, let change = risk.setState(.reducing, for: scope, now: now) {
            act(on: change, into: &actions)
        }
        if let earlier = flattening {
            logger.warning("flatten replaced", ["was": earlier.description])
        }
        let job = Flatten(scope: scope, symbol: symbol, now: now)
        flattening = job
        logger.warning("flatten started", ["scope": job.description])
        for held in emulated where job.covers(held.strategyID, held.request.symbol) {
            do {
                try dropEmulated(held.id, at: now, depth: 0, into: &actions)
            } catch {
                logger.error("flatten: a held order's strategy callback failed", ["order": held.id.description, "error": "\(error)"])
            }
        }
        advanceFlatten(at: now, into: &actions)
        return actions
    }

    /// The flatten's next step: cancels the scope's open orders but its own closing orders;
    /// once none is open, sends the next round, or ends (flat, out of rounds, or waited past
    /// the deadline), saying what is left.
    func advanceFlatten(at now: Timestamp, into actions: inout [EngineAction]) {
        guard var job = flattening else { return }
        var waiting = 0
        for order in orders.openOrders where job.covers(order.strategyID, order.request.symbol) {
            waiting += 1
            if !job.sent.contains(order.clientID) { cancel(order, into: &actions) }
        }
        guard waiting == 0 else {
            if now >= job.deadline {
                finishFlatten(job, "orders of the scope did not close in time", open: waiting)
            }
            return
        }
        let left = flattenPositions(of: job)
        guard !left.isEmpty else {
            logger.warning("flatten done: flat", ["scope": job.description, "rounds": String(job.rounds)])
            flattening = nil
            return
        }
        guard job.rounds < Flatten.maxRounds else {
            finishFlatten(job, "out of rounds", open: 0)
            return
        }
        job.rounds += 1
        job.deadline = Timestamp(nanoseconds: now.nanoseconds + Flatten.roundWait)
        for (strategy, symbol, quantity) in left {
            if let client = sendClosingOrder(strategy, symbol, holding: quantity, round: job.rounds, at: now, into: &actions) {
                job.sent.insert(client)
            }
        }
        flattening = job
        if job.sent.isEmpty || !orders.openOrders.contains(where: { job.sent.contains($0.clientID) }) {
            // Nothing could be sent this round (every order denied): another round would fare
            // no better until the market or the limits change.
            finishFlatten(job, "no closing order could be sent", open: 0)
        }
    }

    /// Every position the flatten closes that is not flat, by strategy and symbol, in a stable order.
    func flattenPositions(of job: Flatten) -> [(StrategyID, Symbol, Int64)] {
        var left: [(StrategyID, Symbol, Int64)] = []
        for (strategy, holdings) in portfolio.positions.sorted(by: { $0.key < $1.key }) {
            for (symbol, position) in holdings.sorted(by: { $0.key < $1.key })
            where position.quantity.shares != 0 && job.covers(strategy, symbol) {
                left.append((strategy, symbol, position.quantity.shares))
            }
        }
        return left
    }

    /// One closing order for `holding` (signed) shares of `strategy` in `symbol`, at most its
    /// `maxOrderQty`, through the risk checker; its client number, nil when it was not sent.
    private func sendClosingOrder(
        _ strategy: StrategyID, _ symbol: Symbol, holding: Int64, round: Int, at now: Timestamp, into actions: inout [EngineAction]
    ) -> ClientOrderID? {
        let side: Side = holding > 0 ? .sell : .buy
        let limits = risk.limits[strategy]
        let reference = bookView(of: symbol)?.mid ?? portfolio.lastFillPrices[symbol]
        let qty = min(abs(holding), limits?.maxOrderQty.shares ?? abs(holding))
        guard let price = ClosingPrice.price(side: side, reference: reference, collarBasisPoints: limits?.priceCollarBasisPoints ?? 0)
        else {
            logger.warning("flatten: no price to close at", ["strategy": strategy.rawValue, "symbol": symbol.rawValue])
            return nil
        }
        let request = OrderRequest(
            symbol: symbol, side: side, type: .immediateOrCancel, price: price, qty: Quantity(shares: qty), tag: "flatten")
        switch check(request, from: strategy, at: now) {
        case .approved(let order):
            let client = submitApproved(order, at: now)
            actions.append(.place(client, order))
            logger.warning("flatten: closing order sent", [
                "strategy": strategy.rawValue, "symbol": symbol.rawValue, "side": side.rawValue, "qty": String(qty),
                "price": price.description, "holding": String(holding), "round": String(round),
            ])
            return client
        case .denied(let denial):
            statistics.denied += 1
            statistics.deniedByCode[denial.code, default: 0] += 1
            orderFlow?.orderDenied(denial, at: now)
            logger.warning("flatten: closing order denied", [
                "strategy": strategy.rawValue, "symbol": symbol.rawValue, "code": denial.code.rawValue, "why": denial.message,
            ])
            return nil
        }
    }

    /// Ends the flatten short of flat, logging `why` and each position left.
    private func finishFlatten(_ job: Flatten, _ why: String, open: Int) {
        let left = flattenPositions(of: job).map { "\($0.0)/\($0.1) \($0.2)" }.joined(separator: ",")
        logger.error("flatten stopped before flat", [
            "scope": job.description, "why": why, "rounds": String(job.rounds), "openOrders": String(open),
            "left": left.isEmpty ? "-" : left,
        ])
        flattening = nil
    }
}
