import StrategyKit

extension Quoter {
    /// The intents that bring both quotes in line with `market` (the touch without our own
    /// quotes) and the context: for each side, nothing while an order is in flight, a new quote
    /// when the side is empty, or cancels when the live quote is out of date.
    ///
    /// Reads the context's orders in place and keeps its bookkeeping in small arrays, so that the
    /// common case, quotes that stay, allocates nothing.
    ///
    /// Once no cancel is in flight, a requote depends on the market, the position and the open
    /// orders alone (the clock matters only to resend a cancel). One that asks for nothing then
    /// changes nothing that a requote reads (at most it confirms an anchor, which the same inputs
    /// confirm again), so asked again with the same three it would ask for nothing again: most
    /// books leave the touch as it was, and those are answered without requoting. Only placing
    /// a quote clears `checkedOrders`, so after a quiet requote it holds the orders it read.
    mutating func requote(_ market: Touch, context: StrategyContext) -> [Intent] {
        if let pausedUntil {
            if context.now < pausedUntil { return withdraw(context) }
            self.pausedUntil = nil
        }
        let position = context.position(symbol).quantity
        if let quietInputs, let checkedOrders, quietInputs.market == market, quietInputs.position == position, checkedOrders == context.openOrders {
            return []
        }
        let intents = requoteAnew(market, position: position, context: context)
        quietInputs = intents.isEmpty && cancelling.isEmpty ? (market, position) : nil
        return intents
    }

    private mutating func requoteAnew(_ market: Touch, position: Quantity, context: StrategyContext) -> [Intent] {
        forgetClosedOrders(context)
        guard let reference = usesMicroPrice ? market.microPrice : market.mid else { return [] }
        let anchor = QuoteAnchor(reference: reference, position: position)
        var intents: [Intent] = []
        quote(.buy, market: market, anchor: anchor, context: context, into: &intents)
        quote(.sell, market: market, anchor: anchor, context: context, into: &intents)
        return intents
    }

    /// Drops the cancels and anchors of orders that are no longer open (usually there are none
    /// to drop, and then the arrays are left untouched). Nothing to do when they were checked
    /// against these same orders and have only been given entries of these orders since.
    mutating func forgetClosedOrders(_ context: StrategyContext) {
        if let checkedOrders, checkedOrders == context.openOrders { return }
        defer { checkedOrders = context.openOrders }
        func isClosed(_ id: OrderID) -> Bool {
            !context.openOrders.contains { $0.request.symbol == symbol && $0.id == id }
        }
        func isClosed(_ tag: String) -> Bool {
            !context.openOrders.contains { $0.request.symbol == symbol && $0.request.tag == tag }
        }
        if cancelling.contains(where: { isClosed($0.id) }) { cancelling.removeAll { isClosed($0.id) } }
        if anchors.contains(where: { isClosed($0.tag) }) { anchors.removeAll { isClosed($0.tag) } }
    }

    /// The price and size this strategy wants to show on `side` now, or nil when it should not
    /// quote that side (the position limit is reached, or the price would not be positive).
    ///
    /// Both quotes move by the inventory skew: down when long (buy less eagerly, sell more),
    /// up when short. Quotes stay passive: a bid below the market's best ask, an ask above its
    /// best bid.
    ///
    /// Always inlined: called from `quote`, a mutating method, it was handed a copy of the whole
    /// quoter on every book.
    @inline(__always)
    private func target(_ side: Side, market: Touch, anchor: QuoteAnchor) -> (price: Price, qty: Quantity)? {
        let position = anchor.position
        let room = side == .buy ? positionLimit - position : positionLimit + position
        let qty = min(quoteSize, room)
        guard qty > .zero else { return nil }
        let center = anchor.reference - Price(cents: position.shares * skewCentsPer100 / 100)
        var price: Price
        switch side {
        case .buy:
            price = center - halfSpread
            if let ask = market.ask { price = min(price, ask - Price(cents: 1)) }
        case .sell:
            price = center + halfSpread
            if let bid = market.bid { price = max(price, bid + Price(cents: 1)) }
        }
        guard price > .zero else { return nil }
        return (price, qty)
    }

    /// Whether a quote at `price` on `side` would meet one of our own open orders on the other
    /// side (one being cancelled, or one kept from an older anchor): the risk checker refuses it
    /// as a self-trade, so the side waits until that order is gone or moved.
    private func crossesOwnOrder(_ price: Price, side: Side, orders: [OpenOrder]) -> Bool {
        orders.contains { order in
            order.request.symbol == symbol && order.request.side == side.opposite
                && (side == .sell ? price <= order.request.price : price >= order.request.price)
        }
    }

    /// Appends to `intents` what `side` needs: resent cancels while an order is in flight, a new
    /// quote when it has none, cancels of its live orders when the quote is out of date.
    private mutating func quote(_ side: Side, market: Touch, anchor: QuoteAnchor, context: StrategyContext, into intents: inout [Intent]) {
        let now = context.now
        let orders = context.openOrders
        var first: Int?
        var count = 0
        var inFlight = false
        for index in orders.indices where orders[index].request.symbol == symbol && orders[index].request.side == side {
            count += 1
            if first == nil { first = index }
            guard let id = orders[index].id else {
                inFlight = true
                continue
            }
            guard let asked = cancelling.firstIndex(where: { $0.id == id }) else { continue }
            inFlight = true
            if now.nanoseconds(since: cancelling[asked].askedAt) >= Self.cancelRetryNanoseconds {
                cancelling[asked].askedAt = now
                intents.append(.cancel(id))
            }
        }
        if inFlight { return }
        // Not in flight: every order on this side is acknowledged and live.
        let wanted = target(side, market: market, anchor: anchor)
        guard let first else {
            guard let wanted, !crossesOwnOrder(wanted.price, side: side, orders: orders) else { return }
            quoteCount += 1
            let tag = "mm-\(side.rawValue)-\(quoteCount)"
            anchors.append((tag, anchor))
            // The new quote is not among the open orders yet: check everything next time.
            checkedOrders = nil
            intents.append(.place(OrderRequest(symbol: symbol, side: side, type: .limit, price: wanted.price, qty: wanted.qty, tag: tag)))
            return
        }
        if count == 1, let placed = anchors.firstIndex(where: { $0.tag == orders[first].request.tag }), let wanted {
            let moved = (anchor.reference - anchors[placed].anchor.reference).units.magnitude > requoteThreshold.units.magnitude
            guard moved || anchor.position != anchors[placed].anchor.position else { return }
            if wanted.price == orders[first].request.price && wanted.qty == orders[first].remaining {
                // Still right where it should be: keep its place in the queue.
                anchors[placed].anchor = anchor
                return
            }
        }
        for index in orders.indices where orders[index].request.symbol == symbol && orders[index].request.side == side {
            guard let id = orders[index].id else { continue }
            // An id of the context's open orders: `checkedOrders` stays valid (see its doc).
            cancelling.append((id, now))
            intents.append(.cancel(id))
        }
    }
}
