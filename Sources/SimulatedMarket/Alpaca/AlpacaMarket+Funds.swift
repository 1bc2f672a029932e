import StrategyKit

extension AlpacaMarket {
    /// The account's cash less what its open buys would pay: at their limit, or at their stop
    /// (a stop or trailing stop buy), leaving out `excluded` (an order being replaced).
    func buyingPower(of name: Account, excluding excluded: OrderID? = nil) -> Money {
        guard let account = accounts[name] else { return .zero }
        var held = Money.zero
        for id in open where id != excluded {
            guard let order = orders[id], order.account == name, order.side == .buy, reserves(order),
                  let price = order.limitPrice ?? order.stopPrice else { continue }
            held += price * order.leavesQty
        }
        return account.cash - held
    }

    /// The shares of `symbol` the account holds and has not offered in open sells, leaving out
    /// `excluded` (an order being replaced).
    func availableQty(_ symbol: Symbol, of name: Account, excluding excluded: OrderID? = nil) -> Quantity {
        var available = accounts[name]?.positions[symbol]?.qty ?? .zero
        for id in open where id != excluded {
            guard let order = orders[id], order.account == name, order.side == .sell, order.symbol == symbol, reserves(order) else { continue }
            available -= order.leavesQty
        }
        return available
    }

    /// The other exit of `order`'s pair, the one a fill of `order` cancels: a bracket's other leg,
    /// an OCO's take-profit for its stop-loss and the reverse; nil for any other order.
    func twin(of order: AlpacaOrderRecord) -> AlpacaOrderRecord? {
        guard let parentID = order.parent, let parent = orders[parentID] else {
            // An OCO's take-profit is the parent of its stop-loss.
            guard order.orderClass == .oco, let leg = order.legs.first else { return nil }
            return orders[leg]
        }
        switch parent.orderClass {
        case .bracket: return parent.legs.first { $0 != order.id }.flatMap { orders[$0] }
        case .oco: return parent
        case .simple, .oto: return nil
        }
    }

    /// Whether an open order holds cash or shares: not a leg waiting for its entry, and of an
    /// exit pair only the take-profit while both are open (they sell the same shares once).
    private func reserves(_ order: AlpacaOrderRecord) -> Bool {
        guard !order.awaitingEntry else { return false }
        guard order.kind.isStop, let twin = twin(of: order) else { return true }
        return !twin.isOpen
    }
}
