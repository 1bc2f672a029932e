import StrategyKit

/// One execution of the account a level judges, as the exchange recorded it.
public struct LevelFill: Hashable, Sendable {
    public var time: Timestamp
    public var side: Side
    public var price: Price
    public var qty: Quantity

    /// A fill of `qty` shares at `price`, bought or sold as `side` says, at `time`.
    public init(time: Timestamp, side: Side, price: Price, qty: Quantity) {
        self.time = time
        self.side = side
        self.price = price
        self.qty = qty
    }

    /// Every fill of `orders` in `symbol`, in the order the exchange made them: by time, then by
    /// order id, then by the fill's index in its order. Fills sharing a time came from one
    /// incoming order, whose fills for one account all move its position the same way (unless
    /// it traded with itself), so judging after each of them never misses an extreme.
    public static func fills(of orders: [OrderStatus], symbol: Symbol) -> [LevelFill] {
        var keyed: [(time: Timestamp, order: OrderID, index: Int, fill: LevelFill)] = []
        for order in orders where order.symbol == symbol {
            for (index, fill) in order.fills.enumerated() {
                keyed.append((fill.ts, order.id, index, LevelFill(time: fill.ts, side: order.side, price: fill.price, qty: fill.qty)))
            }
        }
        keyed.sort { ($0.time, $0.order.rawValue, $0.index) < ($1.time, $1.order.rawValue, $1.index) }
        return keyed.map(\.fill)
    }
}
