import StrategyKit

extension MarketMaker {
    /// The intents that bring both quotes in line with `market` (a book without our own quotes)
    /// and the context: for each side, nothing while an order is in flight, a new quote when the
    /// side is empty, or cancels when the live quote is out of date.
    func requote(_ market: BookSnapshot, context: StrategyContext) -> [Intent] {
        let mine = context.openOrders(symbol)
        let openIDs = Set(mine.compactMap(\.id))
        let openTags = Set(mine.map(\.request.tag))
        cancelling = cancelling.filter { openIDs.contains($0.key) }
        anchors = anchors.filter { openTags.contains($0.key) }

        guard let reference = usesMicroPrice ? market.microPrice : market.mid else { return [] }
        let anchor = QuoteAnchor(reference: reference, position: context.position(symbol).quantity)
        return quote(.buy, market: market, anchor: anchor, orders: mine.filter { $0.request.side == .buy }, now: context.now)
            + quote(.sell, market: market, anchor: anchor, orders: mine.filter { $0.request.side == .sell }, now: context.now)
    }

    /// The price and size this strategy wants to show on `side` now, or nil when it should not
    /// quote that side (the position limit is reached, or the price would not be positive).
    ///
    /// Both quotes move by the inventory skew: down when long (buy less eagerly, sell more),
    /// up when short. Quotes stay passive: a bid below the market's best ask, an ask above its
    /// best bid.
    private func target(_ side: Side, market: BookSnapshot, anchor: QuoteAnchor) -> (price: Price, qty: Quantity)? {
        let position = anchor.position
        let room = side == .buy ? positionLimit - position : positionLimit + position
        let qty = min(quoteSize, room)
        guard qty > .zero else { return nil }
        let center = anchor.reference - Price(cents: position.shares * skewCentsPer100 / 100)
        var price: Price
        switch side {
        case .buy:
            price = center - halfSpread
            if let ask = market.bestAsk { price = min(price, ask - Price(cents: 1)) }
        case .sell:
            price = center + halfSpread
            if let bid = market.bestBid { price = max(price, bid + Price(cents: 1)) }
        }
        guard price > .zero else { return nil }
        return (price, qty)
    }

    private func quote(_ side: Side, market: BookSnapshot, anchor: QuoteAnchor, orders: [OpenOrder], now: Timestamp) -> [Intent] {
        var live: [OrderID] = []
        var inFlight = false
        var resent: [Intent] = []
        for order in orders {
            guard let id = order.id else {
                inFlight = true
                continue
            }
            guard let asked = cancelling[id] else {
                live.append(id)
                continue
            }
            inFlight = true
            if now.nanoseconds(since: asked) >= Self.cancelRetryNanoseconds {
                cancelling[id] = now
                resent.append(.cancel(id))
            }
        }
        if inFlight { return resent }
        let wanted = target(side, market: market, anchor: anchor)
        if live.isEmpty {
            guard let wanted else { return [] }
            quoteCount += 1
            let tag = "mm-\(side.rawValue)-\(quoteCount)"
            anchors[tag] = anchor
            return [.place(OrderRequest(symbol: symbol, side: side, type: .limit, price: wanted.price, qty: wanted.qty, tag: tag))]
        }
        if orders.count == 1, let order = orders.first, let placed = anchors[order.request.tag], let wanted {
            let moved = (anchor.reference - placed.reference).cents.magnitude > requoteThreshold.cents.magnitude
            guard moved || anchor.position != placed.position else { return [] }
            if wanted.price == order.request.price && wanted.qty == order.remaining {
                // Still right where it should be: keep its place in the queue.
                anchors[order.request.tag] = anchor
                return []
            }
        }
        for id in live { cancelling[id] = now }
        return live.map { .cancel($0) }
    }
}
