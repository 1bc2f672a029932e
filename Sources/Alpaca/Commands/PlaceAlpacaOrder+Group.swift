import StrategyKit

extension PlaceAlpacaOrder {
    /// The Alpaca order of class bracket, OCO or OTO for `group`, as Alpaca takes it in one
    /// request: the parent is the group's first leg (a bracket's or OTO's entry, an OCO's
    /// take-profit), the exits are `take_profit` (a plain limit) and `stop_loss` (a stop, or a
    /// stop-limit), and every leg shares the parent's symbol, quantity and time in force.
    ///
    /// Throws `unprocessable` (code nil: refused here, unsent) for a group Alpaca cannot take
    /// that way: a leg on another symbol, of another quantity or time in force, an exit on the
    /// entry's side, a take-profit that is not a plain limit, a stop-loss that is not a stop
    /// (a trailing stop, which Alpaca takes only as a single order).
    public init(_ group: OrderGroup, clientOrderID: String) throws(AlpacaError) {
        let name = group.orderClass.rawValue
        func refused(_ reason: String) -> AlpacaError {
            .unprocessable(endpoint: "POST /v2/orders", code: nil, message: "\(name) not sent: \(reason)")
        }
        let count = group.orderClass == .bracket ? 3 : 2
        guard group.legs.count == count else { throw refused("it takes \(count) orders, not \(group.legs.count)") }
        let first = group.legs[0]
        for (index, leg) in group.legs.enumerated().dropFirst() {
            guard leg.symbol == first.symbol, leg.qty == first.qty, leg.timeInForce == first.timeInForce else {
                throw refused("order \(index + 1) is not for the same symbol, quantity and time in force as the first")
            }
            let exitSide = group.orderClass == .oco ? first.side : first.side.opposite
            guard leg.side == exitSide else { throw refused("order \(index + 1) is not on the side that closes the first") }
        }
        self.init(first, clientOrderID: clientOrderID)
        orderClass = group.orderClass
        switch group.orderClass {
        case .bracket:
            takeProfit = try Self.takeProfit(group.legs[1], refused)
            stopLoss = try Self.stopLoss(group.legs[2], refused)
        case .oco:
            takeProfit = try Self.takeProfit(group.legs[0], refused)
            stopLoss = try Self.stopLoss(group.legs[1], refused)
        case .oto:
            if group.legs[1].trigger == nil {
                takeProfit = try Self.takeProfit(group.legs[1], refused)
            } else {
                stopLoss = try Self.stopLoss(group.legs[1], refused)
            }
        }
    }

    /// The limit price of a take-profit: a plain limit order.
    private static func takeProfit(_ leg: OrderRequest, _ refused: (String) -> AlpacaError) throws(AlpacaError) -> Price {
        guard leg.type == .limit, leg.trigger == nil else { throw refused("the take-profit must be a plain limit order") }
        return leg.price
    }

    /// A stop-loss: a stop (a market order once triggered) or a stop-limit.
    private static func stopLoss(_ leg: OrderRequest, _ refused: (String) -> AlpacaError) throws(AlpacaError) -> StopLoss {
        guard case .stop(let stop)? = leg.trigger, leg.type == .market || leg.type == .limit else {
            throw refused("the stop-loss must be a stop or a stop-limit")
        }
        return StopLoss(stopPrice: stop, limitPrice: leg.type == .limit ? leg.price : nil)
    }
}
