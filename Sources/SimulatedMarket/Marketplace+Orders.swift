import MatchingEngine
import StrategyKit
import Wire

extension Marketplace {
    /// 5: places an order for the account in the body, which the key must own.
    func place(_ venue: Venue, _ symbol: Symbol, body: [UInt8], key: String?) throws(APIFailure) -> [UInt8] {
        let status = try state.withLock { state throws(APIFailure) -> OrderStatus in
            _ = try Self.listing(venue, symbol, in: &state)
            let form = try OrderForm(body: body, venue: venue, symbol: symbol)
            if let account = form.account { try access.authorize(key, for: account, to: "trade on that account") }
            let order = try form.order()
            let time = state.now()
            let retention = state.retention
            var events: [MatchEvent] = []
            defer { state.record(events, on: venue, symbol: symbol, at: time) }
            return try Self.withListing(venue, in: &state) { listing throws(APIFailure) -> OrderStatus in
                let id: OrderID
                do throws(MatchingError) {
                    id = try listing.exchange.submit(
                        symbol: symbol, account: order.account, side: order.side, type: order.type, price: order.price,
                        qty: order.qty, at: time, into: &events)
                } catch {
                    throw Self.failure(error)
                }
                guard let status = listing.exchange.status(id) else { preconditionFailure("order \(id) vanished after submit") }
                Self.forgetClosedOrders(of: &listing, in: [symbol], retention: retention, at: time)
                return status
            }
        }
        var json = JSONWriter(capacity: 512, style: .shortEscapes)
        APIOrderCodec.write(status, ok: true, to: &json)
        return json.bytes
    }

    /// 7: the status of an order the key's account owns.
    func status(_ venue: Venue, _ symbol: Symbol, id: String, key: String?) throws(APIFailure) -> [UInt8] {
        let status = try state.withLock { state throws(APIFailure) -> OrderStatus in
            let listing = try Self.listing(venue, symbol, in: &state)
            return try owned(id, symbol, in: listing.exchange, key: key, action: "see that order")
        }
        var json = JSONWriter(capacity: 512, style: .shortEscapes)
        APIOrderCodec.write(status, ok: true, to: &json)
        return json.bytes
    }

    /// 8: cancels what is left of an order the key's account owns; harmless on a closed order.
    func cancel(_ venue: Venue, _ symbol: Symbol, id: String, key: String?) throws(APIFailure) -> [UInt8] {
        let status = try state.withLock { state throws(APIFailure) -> OrderStatus in
            let time = state.now()
            let retention = state.retention
            var events: [MatchEvent] = []
            defer { state.record(events, on: venue, at: time) }
            return try Self.withListing(venue, in: &state) { listing throws(APIFailure) -> OrderStatus in
                guard listing.exchange.lists(symbol) else { throw Self.unknownSymbol(symbol, venue) }
                let order = try owned(id, symbol, in: listing.exchange, key: key, action: "delete that order")
                listing.exchange.cancel(order.id, at: time, into: &events)
                guard let status = listing.exchange.status(order.id) else { preconditionFailure("order \(order.id) vanished on cancel") }
                Self.forgetClosedOrders(of: &listing, in: [symbol], retention: retention, at: time)
                return status
            }
        }
        var json = JSONWriter(capacity: 512, style: .shortEscapes)
        APIOrderCodec.write(status, ok: true, to: &json)
        return json.bytes
    }

    /// 9 and 10: every order of an account the key owns, on the venue or in one stock.
    func orders(_ venue: Venue, account: Account, symbol: Symbol?, key: String?) throws(APIFailure) -> [UInt8] {
        let orders = try state.withLock { state throws(APIFailure) -> [OrderStatus] in
            let listing = try Self.listing(venue, in: &state)
            if let symbol, !listing.exchange.lists(symbol) { throw Self.unknownSymbol(symbol, venue) }
            try access.authorize(key, for: account, to: "see the orders of that account")
            return listing.exchange.orders(of: account, symbol: symbol)
        }
        var json = JSONWriter(capacity: 64 + 400 * orders.count, style: .shortEscapes)
        APIOrderCodec.writeList(venue: venue, orders: orders, to: &json)
        return json.bytes
    }

    /// The order `idText` on `symbol`, after checking the key: 401 without a valid key (before the
    /// id is looked up, so ids cannot be probed), 404 for an id the stock does not have (never
    /// given, or forgotten under the retention), 401 when the order is another account's.
    private func owned(_ idText: String, _ symbol: Symbol, in exchange: Exchange, key: String?, action: String) throws(APIFailure) -> OrderStatus {
        let caller = try access.authenticate(key)
        let highest = exchange.nextOrderID.rawValue - 1
        guard let number = Int64(idText), let status = exchange.status(OrderID(number)), status.symbol == symbol else {
            throw .notFound("order \(idText) not found (highest available on this venue is \(highest))")
        }
        if let caller, caller != status.account {
            throw .unauthorized("Not authorized to \(action).  You have to own account \(status.account.rawValue).")
        }
        return status
    }

    private static func failure(_ error: MatchingError) -> APIFailure {
        switch error {
        case let .nonPositiveQuantity(qty): .badRequest("qty must be a positive integer, got \(qty.shares).")
        case let .negativePrice(price): .badRequest("price must not be negative, got \(APINumbers.cents(price)).")
        case let .unknownSymbol(symbol): .notFound("symbol \(symbol.rawValue) does not exist on this venue")
        }
    }
}
