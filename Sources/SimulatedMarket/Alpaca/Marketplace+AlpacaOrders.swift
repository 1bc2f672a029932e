import MatchingEngine
import StrategyKit
import Wire

extension Marketplace {
    /// `POST /v2/orders`: validates, checks buying power (buys) or shares (sells), and keeps the
    /// order with its legs: a market or limit order matches at once, a stop waits for its
    /// trigger, legs wait for their entry (or, an OCO's stop-loss, for its trigger). The Order as
    /// it stands after matching, its legs under `legs`.
    func alpacaPlace(_ account: Account, body: [UInt8]) throws(AlpacaFailure) -> [UInt8] {
        let request = try AlpacaOrderRequest(body: body)
        let retention = state.withLock { $0.retention }
        let (order, legs) = try withAlpaca(account) { alpaca, listing, time throws(AlpacaFailure) -> (AlpacaOrderRecord, [AlpacaOrderRecord]) in
            guard listing.exchange.lists(request.symbol) else {
                // A directory entry is an asset, served by /v2/assets, but the market has no book for it.
                let known = alpaca.configuration.directory.contains { $0.symbol == request.symbol.rawValue }
                throw known ? .unprocessable("asset \(request.symbol.rawValue) is not tradable") : .invalid("asset \(request.symbol.rawValue) not found")
            }
            if let session = alpaca.configuration.session, !session.isOpen(at: time.nanoseconds) {
                throw .unprocessable("market is closed: the simulated exchange takes orders only during its session")
            }
            let held = request.kind.isStop
            let id = held ? alpaca.heldOrderID() : listing.exchange.nextOrderID
            let clientOrderID = request.clientOrderID ?? AlpacaOrderRecord.uuid(id)
            guard alpaca.accounts[account]?.orderOfClientID[clientOrderID] == nil else { throw .invalid("client_order_id must be unique") }
            var order = AlpacaOrderRecord(
                id: id, account: account, clientOrderID: clientOrderID, symbol: request.symbol, side: request.side, kind: request.kind,
                timeInForce: request.timeInForce, limitPrice: request.limitPrice, qty: request.qty, extendedHours: request.extendedHours,
                createdAt: time, updatedAt: time, orderClass: request.orderClass, stopPrice: request.stopPrice, trail: request.trail)
            let quote = listing.exchange.quote(request.symbol, at: time)
            if let trail = request.trail {
                guard let mark = listing.tape.markPrice(request.symbol, quote) else {
                    throw .unprocessable("trailing_stop: \(request.symbol.rawValue) has no price to trail from yet")
                }
                order.hwm = mark
                order.stopPrice = trail.stopPrice(from: mark, side: request.side)
            }
            let price = order.limitPrice ?? order.stopPrice ?? quote?.ask ?? listing.tape.markPrice(request.symbol, quote) ?? .zero
            try Self.checkFunds(order.side, order.symbol, order.qty, at: price, of: account, in: alpaca)
            // An OCO's legs exit the same position as its take-profit; other legs exit the entry's.
            let exitSide: Side = request.orderClass == .oco ? request.side : request.side == .buy ? .sell : .buy
            let legs = request.exits.map { exit in
                AlpacaOrderRecord(
                    id: alpaca.heldOrderID(), account: account, clientOrderID: "", symbol: request.symbol,
                    side: exitSide, kind: exit.kind, timeInForce: request.timeInForce, limitPrice: exit.limitPrice,
                    qty: request.qty, extendedHours: false, createdAt: time, updatedAt: time, orderClass: request.orderClass,
                    stopPrice: exit.stopPrice, parent: id, awaitingEntry: request.orderClass != .oco)
            }
            order.legs = legs.map(\.id)
            alpaca.add(order)
            for var leg in legs {
                leg.clientOrderID = leg.uuid
                alpaca.add(leg)
            }
            var events: [MatchEvent] = []
            if !held { alpaca.goLive(id, on: &listing.exchange, at: time, into: &events) }
            alpaca.settle(events, symbol: request.symbol, on: &listing, at: time)
            Self.forgetClosedOrders(of: &listing, in: [request.symbol], retention: retention, at: time)
            // Orders are only added, never removed, from the Alpaca side.
            return (alpaca.orders[id]!, order.legs.compactMap { alpaca.orders[$0] })
        }
        var json = JSONWriter(capacity: 1_024 * (1 + legs.count))
        json.alpacaOrder(order, legs: legs.isEmpty ? nil : legs)
        return json.bytes
    }

    /// `GET /v2/orders`: the account's orders, filtered by `status` (open, closed, all),
    /// `symbols`, `side`, `after`/`until` (creation time), newest first unless `direction=asc`,
    /// at most `limit` (50 by default, 500 at most). Legs are listed as orders of their own,
    /// unless `nested=true` rolls them up under their parent's `legs` (filters then apply to the
    /// parents).
    func alpacaOrders(_ account: Account, query: AlpacaQuery) throws(AlpacaFailure) -> [UInt8] {
        let status = try query.choice("status", ["open", "closed", "all"], default: "open")
        let limit = try query.int("limit", in: 1...500, default: 50)
        let ascending = try query.choice("direction", ["asc", "desc"], default: "desc") == "asc"
        let side = try query.choice("side", ["buy", "sell", "all"], default: "all")
        let nested = try query.choice("nested", ["true", "false"], default: "false") == "true"
        let symbols = Set(query.symbols())
        let after = try query.time("after")
        let until = try query.time("until")
        let orders = try withAlpaca(account) { alpaca, _, _ throws(AlpacaFailure) -> [(AlpacaOrderRecord, [AlpacaOrderRecord]?)] in
            let ids = alpaca.accounts[account]?.orders ?? []
            let all = (ascending ? Array(ids) : ids.reversed()).compactMap { alpaca.orders[$0] }
            let chosen = all.filter { order in
                (!nested || order.parent == nil)
                    && (status == "all" || (status == "open") == order.isOpen)
                    && (symbols.isEmpty || symbols.contains(order.symbol))
                    && (side == "all" || order.side.rawValue == side)
                    && (after.map { order.createdAt > $0 } ?? true)
                    && (until.map { order.createdAt < $0 } ?? true)
            }.prefix(limit)
            return chosen.map { order in (order, nested ? order.legs.compactMap { alpaca.orders[$0] } : nil) }
        }
        var json = JSONWriter(capacity: 64 + 1_024 * orders.count)
        json.array(orders) { $0.alpacaOrder($1.0, legs: $1.1) }
        return json.bytes
    }

    /// `GET /v2/orders/{id}` and `GET /v2/orders:by_client_order_id`: one of the account's
    /// orders, by UUID or by client order id, its legs under `legs` when `nested`; 404 for any other.
    func alpacaOrder(_ account: Account, uuid: Substring? = nil, clientOrderID: String? = nil, nested: Bool = false) throws(AlpacaFailure) -> [UInt8] {
        let (order, legs) = try withAlpaca(account) { alpaca, _, _ throws(AlpacaFailure) -> (AlpacaOrderRecord, [AlpacaOrderRecord]?) in
            let order = try Self.owned(account, uuid: uuid, clientOrderID: clientOrderID, in: alpaca)
            return (order, nested ? order.legs.compactMap { alpaca.orders[$0] } : nil)
        }
        var json = JSONWriter(capacity: 1_024)
        json.alpacaOrder(order, legs: legs)
        return json.bytes
    }

    /// `DELETE /v2/orders/{id}`: cancels an open order and its open legs (an empty 204 follows);
    /// 404 for an order the account does not have, 422 for one already closed.
    func alpacaCancel(_ account: Account, uuid: Substring) throws(AlpacaFailure) {
        try withAlpaca(account) { alpaca, listing, time throws(AlpacaFailure) in
            let order = try Self.owned(account, uuid: uuid, clientOrderID: nil, in: alpaca)
            guard order.isOpen else { throw .unprocessable("order is already in \"\(order.status)\" state") }
            var events: [MatchEvent] = []
            alpaca.cancelWithLegs(order.id, on: &listing.exchange, at: time, into: &events)
            alpaca.settle(events, on: &listing, at: time)
        }
    }

    /// `DELETE /v2/orders`: cancels every open order of the account; Alpaca's 207 list of
    /// `{"id","status":200,"body":Order}`.
    func alpacaCancelAll(_ account: Account) throws(AlpacaFailure) -> [UInt8] {
        let cancelled = try withAlpaca(account) { alpaca, listing, time throws(AlpacaFailure) -> [AlpacaOrderRecord] in
            let ids = (alpaca.accounts[account]?.orders ?? []).filter { alpaca.open.contains($0) }
            var events: [MatchEvent] = []
            for id in ids { alpaca.cancelWithLegs(id, on: &listing.exchange, at: time, into: &events) }
            alpaca.settle(events, on: &listing, at: time)
            return ids.compactMap { alpaca.orders[$0] }
        }
        var json = JSONWriter(capacity: 64 + 1_100 * cancelled.count)
        json.array(cancelled) { json, order in
            json.raw("{")
            json.stringMember("id", order.uuid)
            json.intMember("status", 200)
            json.member("body")
            json.alpacaOrder(order, legs: nil)
            json.raw("}")
        }
        return json.bytes
    }

    static func owned(
        _ account: Account, uuid: Substring?, clientOrderID: String?, in alpaca: AlpacaMarket
    ) throws(AlpacaFailure) -> AlpacaOrderRecord {
        var id: OrderID?
        if let uuid, let number = AlpacaIdentifier.orderNumber(uuid) { id = OrderID(Int64(bitPattern: number)) }
        if let clientOrderID { id = alpaca.accounts[account]?.orderOfClientID[clientOrderID] }
        guard let id, let order = alpaca.orders[id], order.account == account else { throw .notFound("order not found") }
        return order
    }

    /// 403 unless the account can pay for a buy of `qty` at `price` or holds the shares of a sell
    /// beyond what its open sells already offer, leaving out `replaced` (an order being replaced).
    static func checkFunds(
        _ side: Side, _ symbol: Symbol, _ qty: Quantity, at price: Price, of account: Account, in alpaca: AlpacaMarket,
        replacing replaced: OrderID? = nil
    ) throws(AlpacaFailure) {
        switch side {
        case .buy:
            guard price * qty <= alpaca.buyingPower(of: account, excluding: replaced) else { throw .forbidden("insufficient buying power") }
        case .sell:
            let available = alpaca.availableQty(symbol, of: account, excluding: replaced)
            guard qty <= available else {
                throw .forbidden("insufficient qty available for order (requested: \(qty.shares), available: \(available.shares))")
            }
        }
    }
}
