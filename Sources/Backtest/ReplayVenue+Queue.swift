import StrategyKit

extension ReplayVenue {
    /// Fills resting orders as `book` (received after they rested) shows trading at or
    /// through their prices; see the type's documentation for the rules.
    mutating func evaluateResting(against book: BookSnapshot, into reports: inout [ReplayVenueReport]) {
        var anyClosed = false
        // By position, each order reached once through one access: `for index in resting`
        // retained the list, and each field written through `orders[index]` was its own access.
        var position = 0
        while position < resting.count {
            let index = resting[position]
            position += 1
            guard orders[index].status.symbol == book.symbol else { continue }
            // Outside its hours an order neither fills nor moves up its queue, as at Alpaca.
            if session != nil, !works(extendedHours: orders[index].extendedHours) { continue }
            let fillQty = orders[index].step(against: book)
            if fillQty > 0 {
                anyClosed = anyClosed || fillQty == orders[index].status.qty.shares
                reports.append(.filled(fill(index, qty: Quantity(shares: fillQty), at: orders[index].status.price)))
            }
        }
        if anyClosed { resting.removeAll { !orders[$0].status.open } }
    }

    /// Fills `qty` of resting order `index` at `price` now, as a maker.
    private mutating func fill(_ index: Int, qty: Quantity, at price: Price) -> ReplayOrderUpdate {
        let first = orders[index].status.fills.count
        restingChanges += 1
        orders[index].status.fills.append(OrderFill(price: price, qty: qty, ts: now))
        orders[index].status.totalFilled += qty
        orders[index].status.qty -= qty
        if orders[index].status.qty == .zero { orders[index].status.open = false }
        return ReplayOrderUpdate(
            status: orders[index].status, time: now, newFills: first..<first + 1, liquidity: .maker,
            fees: configuration.fees.fee(for: qty, .maker))
    }
}

extension SimulatedOrder {
    /// Moves this resting order's place in its queue on to `book` (of its symbol, received
    /// after it rested) and returns the shares that book fills: all of them when the best
    /// opposite price is through ours (unless the recorded book still crossed it when we
    /// rested), else the shares the level at our price lost while none were ahead of us.
    mutating func step(against book: BookSnapshot) -> Int64 {
        let price = status.price
        let side = status.side
        let through: Bool = switch side {
        case .buy: book.bestAsk.map { $0 < price } ?? false
        case .sell: book.bestBid.map { $0 > price } ?? false
        }
        let level = ReplayVenue.displayed(at: price, side: side, in: side == .buy ? book.bids : book.asks, hint: &levelStart)
        let remaining = status.qty.shares
        var fillQty: Int64 = 0
        if through && !crossedByTakenLiquidity {
            fillQty = remaining
        } else if queueAhead == 0 && level < lastLevel {
            fillQty = min(lastLevel - level, remaining)
        }
        if !through { crossedByTakenLiquidity = false }
        queueAhead = min(queueAhead, level)
        lastLevel = level
        return fillQty
    }
}
