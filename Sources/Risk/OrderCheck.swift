import StrategyKit

/// One order request and everything the checks look at; each check returns a denial or nil.
struct OrderCheck {
    let request: OrderRequest
    let strategy: StrategyID
    let limits: RiskLimits
    let accountLimits: AccountRiskLimits
    /// The latest book of the request's symbol as shown (our resting orders in it).
    let book: BookView?
    let lastTrade: Price?
    let exposure: RiskExposure
    let now: Timestamp

    private var sign: Int64 { request.side.sign }
    private var qty: Int64 { request.qty.shares }

    /// The first check that fails, in the order `RiskChecker` documents; nil if all pass.
    ///
    /// The checks are inlined into it and `deny` is not: a check called on its own returned its
    /// optional denial through memory and copied the request for the denial it might make, on
    /// every order.
    func firstDenial(state: RiskState, recentOrders: Int) -> RiskDenial? {
        if let denial = tradingState(state) { return denial }
        if let denial = quantity() { return denial }
        if let denial = price() { return denial }
        if let denial = marketOrders() { return denial }
        if let denial = freshBook() { return denial }
        if let denial = strategyPosition() { return denial }
        if let denial = accountPosition() { return denial }
        if let denial = notional() { return denial }
        if let denial = openOrders() { return denial }
        if let denial = collar() { return denial }
        if let denial = rate(recent: recentOrders) { return denial }
        return selfTrade()
    }

    @inline(__always)
    private func tradingState(_ state: RiskState) -> RiskDenial? {
        let account = state.account.state
        let own = state.status(of: .strategy(strategy)).state
        if account == .halted || own == .halted {
            let scope = account == .halted ? "account" : "strategy"
            return deny(.halted, limit: nil, actual: nil) { "\(scope) is halted: only cancels pass" }
        }
        let symbol = request.symbol
        let side = request.side
        if own == .reducing,
            let denial = reducing(
                held: exposure.position(of: strategy, in: symbol),
                working: exposure.openQuantity(of: strategy, in: symbol, side: side), what: "strategy")
        {
            return denial
        }
        if account == .reducing,
            let denial = reducing(
                held: exposure.accountPosition(in: symbol),
                working: exposure.accountOpenQuantity(in: symbol, side: side), what: "account")
        {
            return denial
        }
        return nil
    }

    /// A denial whose message `words` make only if someone reads it: each check's closure
    /// captures the few numbers it names, not the check.
    @inline(never)
    private func deny(
        _ code: RiskCode, limit: Int64?, actual: Int64?, _ words: @escaping @Sendable () -> String
    ) -> RiskDenial {
        RiskDenial(code: code, strategyID: strategy, request: request, limit: limit, actual: actual, checked: words)
    }

    /// The price the collar and a market order's notional are measured from: the mid, or the
    /// last trade when a side of the book is empty.
    private var referencePrice: Price? { book?.mid ?? lastTrade }

    @inline(__always)
    private func quantity() -> RiskDenial? {
        let qty = self.qty
        if qty <= 0 {
            return deny(.nonPositiveQty, limit: 1, actual: qty) { "quantity \(qty) is not positive" }
        }
        if request.qty > limits.maxOrderQty {
            let limit = limits.maxOrderQty
            return deny(.maxOrderQty, limit: limit.shares, actual: qty) { "quantity \(qty) exceeds maxOrderQty \(limit)" }
        }
        return nil
    }

    @inline(__always)
    private func price() -> RiskDenial? {
        if let trigger = request.trigger, let distance = Self.positiveAmount(of: trigger), distance <= 0 {
            return deny(.nonPositivePrice, limit: 1, actual: distance) { "stop price or trail \(distance) is not positive" }
        }
        guard request.type.isPriced, request.price.units <= 0 else { return nil }
        let price = request.price
        return deny(.nonPositivePrice, limit: 1, actual: price.units) { "limit price \(price) is not positive" }
    }

    /// The number of a trigger that must be positive: its stop price, or its trail.
    private static func positiveAmount(of trigger: OrderTrigger) -> Int64? {
        switch trigger {
        case .stop(let price): price.units
        case .trailing(.price(let price)): price.units
        case .trailing(.basisPoints(let points)): points
        }
    }

    /// A stop's price, which the collar measures a stop-limit's limit from and values a stop's
    /// notional at; nil for other orders (a trailing stop's moves with the market).
    private var stopPrice: Price? { request.trigger?.stopPrice }

    @inline(__always)
    private func marketOrders() -> RiskDenial? {
        guard request.type == .market, !limits.allowMarketOrders else { return nil }
        return deny(.marketOrdersDisabled, limit: nil, actual: nil) { "market orders are not allowed" }
    }

    @inline(__always)
    private func freshBook() -> RiskDenial? {
        guard let book else {
            let symbol = request.symbol
            return deny(.staleBook, limit: limits.staleBookMs, actual: nil) { "no book received for \(symbol)" }
        }
        precondition(book.book.symbol == request.symbol, "an order is checked against its own symbol's book")
        let ageMs = now.nanoseconds(since: book.book.receivedTime) / 1_000_000
        guard ageMs > limits.staleBookMs else { return nil }
        let limit = limits.staleBookMs
        return deny(.staleBook, limit: limit, actual: ageMs) { "book is \(ageMs) ms old, staleBookMs \(limit)" }
    }

    /// Position checks deny only an order that moves the projection further from flat, so an
    /// order that reduces an over-limit position always passes.
    @inline(__always)
    private func strategyPosition() -> RiskDenial? {
        let held = exposure.position(of: strategy, in: request.symbol)
        let working = exposure.openQuantity(of: strategy, in: request.symbol, side: request.side)
        return position(
            held: held, working: working, limit: limits.maxPosition.shares, code: .maxPosition, what: "strategy position",
            limitName: "maxPosition")
    }

    @inline(__always)
    private func accountPosition() -> RiskDenial? {
        let held = exposure.accountPosition(in: request.symbol)
        let working = exposure.accountOpenQuantity(in: request.symbol, side: request.side)
        return position(
            held: held, working: working, limit: accountLimits.maxSymbolPosition.shares, code: .maxSymbolPosition,
            what: "account position", in: request.symbol, limitName: "maxSymbolPosition")
    }

    /// `what`, and `symbol` when given, name the position in the message, made only when the
    /// message is read (a closure naming it was allocated for every order).
    @inline(__always)
    private func position(
        held: Int64, working: Int64, limit: Int64, code: RiskCode, what: StaticString, in symbol: Symbol? = nil,
        limitName: StaticString
    ) -> RiskDenial? {
        let sign = self.sign
        let before = held + sign * working
        let projected = before + sign * qty
        guard abs(projected) > limit, abs(projected) > abs(before) else { return nil }
        return deny(code, limit: limit, actual: abs(projected)) {
            let named = symbol.map { "\(what) in \($0)" } ?? "\(what)"
            return "projected \(named) \(projected) (held \(held), working \(sign * working)) exceeds \(limitName) \(limit)"
        }
    }

    @inline(__always)
    private func notional() -> RiskDenial? {
        let unitPrice: Price
        if request.type.isPriced {
            unitPrice = request.price
        } else if let reference = stopPrice ?? referencePrice {
            unitPrice = reference
        } else {
            return deny(.noReferencePrice, limit: nil, actual: nil) { "no mid or last trade to value a market order" }
        }
        // A price from a plugin or a hostile book can make the product leave Int64: it is
        // then above any limit, and reported as Int64.max.
        let (product, overflow) = unitPrice.units.multipliedReportingOverflow(by: request.qty.shares)
        let notional = Money(units: overflow ? .max : product)
        guard notional > limits.maxNotionalPerOrder else { return nil }
        let limit = limits.maxNotionalPerOrder
        return deny(.maxNotional, limit: limit.units, actual: notional.units) {
            "notional \(notional) exceeds maxNotionalPerOrder \(limit)"
        }
    }

    @inline(__always)
    private func openOrders() -> RiskDenial? {
        let count = exposure.openOrderCount(of: strategy) + 1
        guard count > limits.maxOpenOrders else { return nil }
        let limit = limits.maxOpenOrders
        return deny(.maxOpenOrders, limit: Int64(limit), actual: Int64(count)) {
            "\(count) open orders would exceed maxOpenOrders \(limit)"
        }
    }

    @inline(__always)
    private func collar() -> RiskDenial? {
        guard request.type.isPriced else { return nil }
        guard let reference = stopPrice ?? referencePrice, reference.units > 0 else {
            return deny(.noReferencePrice, limit: nil, actual: nil) { "no mid or last trade to check the price collar against" }
        }
        // Both prices are positive here, so their distance fits in Int64; the products are
        // compared in 128 bits, exactly, whatever a plugin or a hostile book made the prices.
        let distance = Int128(abs(request.price.units - reference.units))
        let reference128 = Int128(reference.units)
        guard distance * 10_000 > reference128 * Int128(limits.priceCollarBasisPoints) else { return nil }
        // The reported basis points are rounded up.
        let basisPoints = Int64(clamping: (distance * 10_000 + reference128 - 1) / reference128)
        let collar = limits.priceCollarBasisPoints
        return deny(.priceCollar, limit: collar, actual: basisPoints) {
            "limit is \(basisPoints) bp from reference \(reference), collar \(collar) bp"
        }
    }

    @inline(__always)
    private func rate(recent: Int) -> RiskDenial? {
        guard recent + 1 > limits.maxOrdersPerSecond else { return nil }
        let limit = limits.maxOrdersPerSecond
        return deny(.orderRate, limit: Int64(limit), actual: Int64(recent + 1)) {
            "\(recent + 1) orders in one second would exceed maxOrdersPerSecond \(limit)"
        }
    }

    @inline(__always)
    private func selfTrade() -> RiskDenial? {
        // An order held back by a trigger crosses nothing now, and rests on no book.
        guard request.trigger == nil else { return nil }
        let crossed = exposure.firstOrder { exposed in
            let resting = exposed.order.request
            guard resting.symbol == request.symbol, resting.side == request.side.opposite, resting.type.rests, resting.trigger == nil,
                exposed.order.remaining.shares > 0
            else { return false }
            return !request.type.isPriced
                || (request.side == .buy ? request.price >= resting.price : request.price <= resting.price)
        }
        guard let crossed else { return nil }
        let resting = crossed.order.request
        let (owner, id) = (crossed.strategyID, crossed.order.id)
        return deny(.selfTrade, limit: resting.price.units, actual: request.type.isPriced ? request.price.units : nil) {
            let ownID = id.map { "order \($0)" } ?? "an unacknowledged order"
            return "would cross \(owner)'s resting \(resting.side.rawValue) \(ownID) @ \(resting.price)"
        }
    }

    /// Whether the order only reduces `held` (signed), counting same-side working orders, without
    /// flipping it; a denial with the numbers when not.
    @inline(__always)
    private func reducing(held: Int64, working: Int64, what: String) -> RiskDenial? {
        let reduces = held != 0 && (held > 0) != (request.side == .buy) && working + qty <= abs(held)
        guard !reduces else { return nil }
        let asked = working + qty
        return deny(.reducingOnly, limit: abs(held), actual: asked) {
            "\(what) is reducing only: \(asked) shares working against a position of \(held)"
        }
    }
}
