import MatchingEngine
import StrategyKit
import Wire

extension Marketplace {
    /// `POST /v2/orders`: validates, checks buying power (buys) or shares (sells), and matches
    /// the order at once; the Order as it stands after matching.
    func alpacaPlace(_ account: Account, body: [UInt8]) throws(AlpacaFailure) -> [UInt8] {
        let request = try AlpacaOrderRequest(body: body)
        let retention = state.withLock { $0.retention }
        let order = try withAlpaca(account) { alpaca, listing, time throws(AlpacaFailure) -> AlpacaOrderRecord in
            guard listing.exchange.lists(request.symbol) else {
                // A directory entry is an asset, served by /v2/assets, but the market has no book for it.
                let known = alpaca.configuration.directory.contains { $0.symbol == request.symbol.rawValue }
                throw known ? .unprocessable("asset \(request.symbol.rawValue) is not tradable") : .invalid("asset \(request.symbol.rawValue) not found")
            }
            if let session = alpaca.configuration.session, !session.isOpen(at: time.nanoseconds) {
                throw .unprocessable("market is closed: the simulated exchange takes orders only during its session")
            }
            let clientOrderID = request.clientOrderID ?? AlpacaIdentifier.uuid(UInt64(bitPattern: listing.exchange.nextOrderID.rawValue), .order)
            guard alpaca.accounts[account]?.orderOfClientID[clientOrderID] == nil else { throw .invalid("client_order_id must be unique") }
            let quote = listing.exchange.quote(request.symbol, at: time)
            try Self.checkFunds(request, of: account, in: alpaca, tape: listing.tape, quote: quote)
            let engine = request.engineOrder
            var events: [MatchEvent] = []
            let id: OrderID
            do throws(MatchingError) {
                id = try listing.exchange.submit(
                    symbol: request.symbol, account: account, side: request.side, type: engine.type, price: engine.price,
                    qty: request.qty, at: time, into: &events)
            } catch {
                throw .invalid("the matching engine refused the order: \(error)")
            }
            let record = AlpacaOrderRecord(
                id: id, account: account, clientOrderID: clientOrderID, symbol: request.symbol, side: request.side, kind: request.kind,
                timeInForce: request.timeInForce, limitPrice: request.limitPrice, qty: request.qty, extendedHours: request.extendedHours,
                createdAt: time, updatedAt: time)
            alpaca.orders[id] = record
            alpaca.open.insert(id)
            alpaca.accounts[account]?.orders.append(id)
            alpaca.accounts[account]?.orderOfClientID[clientOrderID] = id
            listing.tape.record(events, on: listing.exchange, symbol: request.symbol)
            alpaca.record(events, at: time)
            Self.forgetClosedOrders(of: &listing, in: [request.symbol], retention: retention, at: time)
            // Orders are only added, never removed, from the Alpaca side.
            return alpaca.orders[id]!
        }
        var json = JSONWriter(capacity: 1_024)
        json.alpacaOrder(order)
        return json.bytes
    }

    /// `GET /v2/orders`: the account's orders, filtered by `status` (open, closed, all),
    /// `symbols`, `side`, `after`/`until` (creation time), newest first unless `direction=asc`,
    /// at most `limit` (50 by default, 500 at most).
    func alpacaOrders(_ account: Account, query: AlpacaQuery) throws(AlpacaFailure) -> [UInt8] {
        let status = try query.choice("status", ["open", "closed", "all"], default: "open")
        let limit = try query.int("limit", in: 1...500, default: 50)
        let ascending = try query.choice("direction", ["asc", "desc"], default: "desc") == "asc"
        let side = try query.choice("side", ["buy", "sell", "all"], default: "all")
        let symbols = Set(query.symbols())
        let after = try query.time("after")
        let until = try query.time("until")
        let orders = try withAlpaca(account) { alpaca, _, _ throws(AlpacaFailure) -> [AlpacaOrderRecord] in
            let ids = alpaca.accounts[account]?.orders ?? []
            let all = (ascending ? Array(ids) : ids.reversed()).compactMap { alpaca.orders[$0] }
            return Array(all.filter { order in
                (status == "all" || (status == "open") == order.isOpen)
                    && (symbols.isEmpty || symbols.contains(order.symbol))
                    && (side == "all" || order.side.rawValue == side)
                    && (after.map { order.createdAt > $0 } ?? true)
                    && (until.map { order.createdAt < $0 } ?? true)
            }.prefix(limit))
        }
        var json = JSONWriter(capacity: 64 + 1_024 * orders.count)
        json.array(orders) { $0.alpacaOrder($1) }
        return json.bytes
    }

    /// `GET /v2/orders/{id}` and `GET /v2/orders:by_client_order_id`: one of the account's
    /// orders, by UUID or by client order id; 404 for any other.
    func alpacaOrder(_ account: Account, uuid: Substring? = nil, clientOrderID: String? = nil) throws(AlpacaFailure) -> [UInt8] {
        let order = try withAlpaca(account) { alpaca, _, _ throws(AlpacaFailure) -> AlpacaOrderRecord in
            try Self.owned(account, uuid: uuid, clientOrderID: clientOrderID, in: alpaca)
        }
        var json = JSONWriter(capacity: 1_024)
        json.alpacaOrder(order)
        return json.bytes
    }

    /// `DELETE /v2/orders/{id}`: cancels an open order (an empty 204 follows); 404 for an order
    /// the account does not have, 422 for one already closed.
    func alpacaCancel(_ account: Account, uuid: Substring) throws(AlpacaFailure) {
        try withAlpaca(account) { alpaca, listing, time throws(AlpacaFailure) in
            let order = try Self.owned(account, uuid: uuid, clientOrderID: nil, in: alpaca)
            guard order.isOpen else { throw .unprocessable("order is already in \"\(order.status)\" state") }
            Self.cancel(order.id, in: &alpaca, on: &listing, at: time)
        }
    }

    /// `DELETE /v2/orders`: cancels every open order of the account; Alpaca's 207 list of
    /// `{"id","status":200,"body":Order}`.
    func alpacaCancelAll(_ account: Account) throws(AlpacaFailure) -> [UInt8] {
        let cancelled = try withAlpaca(account) { alpaca, listing, time throws(AlpacaFailure) -> [AlpacaOrderRecord] in
            let ids = (alpaca.accounts[account]?.orders ?? []).filter { alpaca.open.contains($0) }
            return ids.compactMap { id in
                Self.cancel(id, in: &alpaca, on: &listing, at: time)
                return alpaca.orders[id]
            }
        }
        var json = JSONWriter(capacity: 64 + 1_100 * cancelled.count)
        json.array(cancelled) { json, order in
            json.raw("{")
            json.stringMember("id", order.uuid)
            json.intMember("status", 200)
            json.member("body")
            json.alpacaOrder(order)
            json.raw("}")
        }
        return json.bytes
    }

    private static func cancel(_ id: OrderID, in alpaca: inout AlpacaMarket, on listing: inout Listing, at time: Timestamp) {
        var events: [MatchEvent] = []
        listing.exchange.cancel(id, at: time, into: &events)
        alpaca.record(events, at: time)
    }

    private static func owned(
        _ account: Account, uuid: Substring?, clientOrderID: String?, in alpaca: AlpacaMarket
    ) throws(AlpacaFailure) -> AlpacaOrderRecord {
        var id: OrderID?
        if let uuid, let number = AlpacaIdentifier.orderNumber(uuid) { id = OrderID(Int64(bitPattern: number)) }
        if let clientOrderID { id = alpaca.accounts[account]?.orderOfClientID[clientOrderID] }
        guard let id, let order = alpaca.orders[id], order.account == account else { throw .notFound("order not found") }
        return order
    }

    /// 403 unless the account can pay for a buy (at its limit, or else at the ask or the last
    /// price) or holds the shares of a sell beyond what its open sells already offer.
    private static func checkFunds(_ request: AlpacaOrderRequest, of account: Account, in alpaca: AlpacaMarket, tape: TradeTape, quote: Quote?) throws(AlpacaFailure) {
        switch request.side {
        case .buy:
            let price = request.limitPrice ?? quote?.ask ?? tape.markPrice(request.symbol, quote) ?? .zero
            let cost = price * request.qty
            guard cost <= alpaca.buyingPower(of: account) else { throw .forbidden("insufficient buying power") }
        case .sell:
            let available = alpaca.availableQty(request.symbol, of: account)
            guard request.qty <= available else {
                throw .forbidden("insufficient qty available for order (requested: \(request.qty.shares), available: \(available.shares))")
            }
        }
    }
}
