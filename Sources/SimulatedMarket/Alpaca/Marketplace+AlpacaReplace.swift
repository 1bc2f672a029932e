import MatchingEngine
import StrategyKit
import Wire

extension Marketplace {
    /// `PATCH /v2/orders/{id}`: replaces an open order with a new one (`AlpacaOrderRecord.replacement`),
    /// at once: the old order becomes `replaced` with `replaced_by` naming the new, which
    /// `replaces` it. The new order is a new order in the book: at the back of the queue at its
    /// price, whatever changed (a held stop or leg stays held, with its high-water mark). 404 for
    /// an order the account does not have, 422 for one not open, 403 when the account cannot pay
    /// for the new order beside its others. The new Order.
    func alpacaReplace(_ account: Account, uuid: Substring, body: [UInt8]) throws(AlpacaFailure) -> [UInt8] {
        let fields = try AlpacaOrderRequest.fields(of: body, call: "PATCH /v2/orders")
        let retention = state.withLock { $0.retention }
        let order = try withAlpaca(account) { alpaca, listing, time throws(AlpacaFailure) -> AlpacaOrderRecord in
            let old = try Self.owned(account, uuid: uuid, clientOrderID: nil, in: alpaca)
            guard old.isOpen else { throw .unprocessable("order is not open: it is \(old.status)") }
            let live = old.engineID != nil
            let id = live ? listing.exchange.nextOrderID : alpaca.heldOrderID()
            let new = try old.replacement(numbered: id, with: fields, at: time)
            guard alpaca.accounts[account]?.orderOfClientID[new.clientOrderID] == nil else { throw .invalid("client_order_id must be unique") }
            let sharesHeldByTwin = new.kind.isStop && alpaca.twin(of: old)?.isOpen == true
            if !new.awaitingEntry, !sharesHeldByTwin {
                let quote = listing.exchange.quote(new.symbol, at: time)
                let price = new.limitPrice ?? new.stopPrice ?? quote?.ask ?? listing.tape.markPrice(new.symbol, quote) ?? .zero
                try Self.checkFunds(new.side, new.symbol, new.qty, at: price, of: account, in: alpaca, replacing: old.id)
            }
            var events: [MatchEvent] = []
            alpaca.close(old.id, at: time, on: &listing.exchange, into: &events) { order in
                order.replacedAt = time
                order.replacedBy = id
            }
            for leg in new.legs { alpaca.orders[leg]?.parent = id }
            if let parent = new.parent, let index = alpaca.orders[parent]?.legs.firstIndex(of: old.id) {
                alpaca.orders[parent]!.legs[index] = id
            }
            alpaca.add(new)
            if live { alpaca.goLive(id, on: &listing.exchange, at: time, into: &events) }
            alpaca.settle(events, symbol: new.symbol, on: &listing, at: time)
            Self.forgetClosedOrders(of: &listing, in: [new.symbol], retention: retention, at: time)
            return alpaca.orders[id]!
        }
        var json = JSONWriter(capacity: 1_024)
        json.alpacaOrder(order, legs: nil)
        return json.bytes
    }
}
