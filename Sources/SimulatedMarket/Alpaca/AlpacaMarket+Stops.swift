import MatchingEngine
import StrategyKit

extension AlpacaMarket {
    /// Books a batch of match events on the venue and everything it sets off, until nothing more
    /// happens: the trades go to the tape and the fills to the accounts, the trades trigger the
    /// stops they reach (which then trade in the same engine), and groups move on (legs released
    /// when their entry fills, an exit's twin cancelled when it fills). `symbol` names the book of
    /// the first batch when the caller knows it. Every round is set off by orders that changed
    /// in the round before, each of which triggers or releases once, so the rounds end.
    mutating func settle(_ events: [MatchEvent], symbol: Symbol? = nil, on listing: inout Marketplace.Listing, at time: Timestamp) {
        var batch = events
        var known = symbol
        while !batch.isEmpty || !touched.isEmpty {
            listing.record(batch, symbol: known, at: time)
            record(batch, at: time)
            var next: [MatchEvent] = []
            triggerStops(after: batch, symbol: known, on: &listing.exchange, at: time, into: &next)
            followGroups(on: &listing.exchange, at: time, into: &next)
            batch = next
            known = nil
        }
    }

    /// Sends order `id` to the matching engine now (a stop triggered, a leg released, a
    /// replacement), as `engineOrder` says, appending what happened to `events`.
    mutating func goLive(_ id: OrderID, on exchange: inout Exchange, at time: Timestamp, into events: inout [MatchEvent]) {
        guard var order = orders[id], order.isOpen, order.engineID == nil else { return }
        let engine = order.engineOrder
        do throws(MatchingError) {
            let engineID = try exchange.submit(
                symbol: order.symbol, account: order.account, side: order.side, type: engine.type, price: engine.price,
                qty: order.leavesQty, at: time, into: &events)
            order.engineID = engineID
            order.updatedAt = time
            orders[id] = order
            orderOfEngineID[engineID] = id
        } catch {
            // A kept order is listed and sized, so the engine takes it; should it not, it ends cancelled.
            close(id, at: time, on: &exchange, into: &events) { $0.canceledAt = time }
        }
    }

    /// Moves the trailing stops and triggers the stops that the trades among `events` reach, in
    /// the order they printed; the triggered orders trade once the batch is done.
    private mutating func triggerStops(
        after events: [MatchEvent], symbol known: Symbol?, on exchange: inout Exchange, at time: Timestamp, into next: inout [MatchEvent]
    ) {
        guard !stops.isEmpty else { return }
        stops.removeAll { orders[$0]?.isOpen != true || orders[$0]?.engineID != nil }
        var triggered: [OrderID] = []
        for case .fill(let trade) in events {
            guard let symbol = known ?? exchange.symbol(of: trade.incoming) ?? exchange.symbol(of: trade.standing) else { continue }
            for id in stops where orders[id]?.symbol == symbol && !triggered.contains(id) {
                if orders[id]!.follow(trade.price) { triggered.append(id) }
            }
        }
        guard !triggered.isEmpty else { return }
        stops.removeAll { triggered.contains($0) }
        for id in triggered { goLive(id, on: &exchange, at: time, into: &next) }
    }
}
