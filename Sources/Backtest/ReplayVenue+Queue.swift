import StrategyKit

extension ReplayVenue {
    /// Fills resting orders as `book` (received after they rested) shows trading at or
    /// through their prices; see the type's documentation for the rules.
    mutating func evaluateResting(against book: BookSnapshot, into reports: inout [ReplayVenueReport]) {
        var anyClosed = false
        for index in resting where orders[index].status.symbol == book.symbol {
            let price = orders[index].status.price
            let side = orders[index].status.side
            let through = Self.bestOppositeIsThrough(price, side: side, book)
            let level = Self.displayed(
                at: price, side: side, in: side == .buy ? book.bids : book.asks, hint: &orders[index].levelStart)
            let remaining = orders[index].status.qty.shares
            var fillQty: Int64 = 0
            if through && !orders[index].crossedByTakenLiquidity {
                fillQty = remaining
            } else if orders[index].queueAhead == 0 && level < orders[index].lastLevel {
                fillQty = min(orders[index].lastLevel - level, remaining)
            }
            if !through { orders[index].crossedByTakenLiquidity = false }
            orders[index].queueAhead = min(orders[index].queueAhead, level)
            orders[index].lastLevel = level
            if fillQty > 0 {
                anyClosed = anyClosed || fillQty == remaining
                reports.append(.filled(fill(index, qty: Quantity(shares: fillQty), at: price)))
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

    /// Whether the best opposite price of `book` is strictly through `price` for a `side` order.
    private static func bestOppositeIsThrough(_ price: Price, side: Side, _ book: BookSnapshot) -> Bool {
        switch side {
        case .buy: book.bestAsk.map { $0 < price } ?? false
        case .sell: book.bestBid.map { $0 > price } ?? false
        }
    }
}
