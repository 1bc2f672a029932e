import StrategyKit

extension ReplayVenue {
    /// Fills resting orders as `book` (received after they rested) shows trading at or
    /// through their prices; see the type's documentation for the rules.
    mutating func evaluateResting(against book: BookSnapshot, into reports: inout [ReplayVenueReport]) {
        var closed: [OrderID] = []
        for id in resting {
            guard var order = orders[id], order.status.symbol == book.symbol else { continue }
            let price = order.status.price
            let side = order.status.side
            let through = Self.bestOppositeIsThrough(price, side: side, book)
            let level = Self.displayed(at: price, side: side, in: book)
            var fillQty: Int64 = 0
            if through && !order.crossedByTakenLiquidity {
                fillQty = order.status.qty.shares
            } else if order.queueAhead == 0 && level < order.lastLevel {
                fillQty = min(order.lastLevel - level, order.status.qty.shares)
            }
            if !through { order.crossedByTakenLiquidity = false }
            order.queueAhead = min(order.queueAhead, level)
            order.lastLevel = level
            if fillQty > 0 {
                let qty = Quantity(shares: fillQty)
                let first = order.status.fills.count
                order.status.fills.append(OrderFill(price: price, qty: qty, ts: now))
                order.status.totalFilled += qty
                order.status.qty -= qty
                if order.status.qty == .zero {
                    order.status.open = false
                    closed.append(id)
                }
                reports.append(.filled(ReplayOrderUpdate(
                    status: order.status, time: now, newFills: first..<first + 1, liquidity: .maker,
                    fees: configuration.fees.fee(for: qty, .maker))))
            }
            orders[id] = order
        }
        if !closed.isEmpty { resting.removeAll { closed.contains($0) } }
    }

    /// Whether the best opposite price of `book` is strictly through `price` for a `side` order.
    private static func bestOppositeIsThrough(_ price: Price, side: Side, _ book: BookSnapshot) -> Bool {
        switch side {
        case .buy: book.bestAsk.map { $0 < price } ?? false
        case .sell: book.bestBid.map { $0 > price } ?? false
        }
    }
}
