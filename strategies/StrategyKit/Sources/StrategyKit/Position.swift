/// A holding in one symbol: signed quantity (negative is short), the cost of that quantity, and
/// the profit or loss realized by reducing it.
///
/// All in integer cents. When part of a position is closed, its share of the cost basis is
/// removed proportionally, rounding toward zero; a position that returns to flat has a cost
/// basis of exactly zero, so rounding never accumulates across round trips.
///
/// `@frozen`: its stored properties are part of the SDK 1.x ABI, since plugins compiled against
/// it read them directly; none may be added, removed or reordered before SDK 2.0.
@frozen
public struct Position: Hashable, Sendable, Codable {
    /// Shares held; negative when short.
    public var quantity: Quantity
    /// What the open quantity cost, signed like `quantity` (a long of 10 at $50 is 500.00).
    public var costBasis: Money
    /// Profit or loss realized so far by closing shares.
    public var realizedPnL: Money

    @inlinable
    public init(quantity: Quantity = .zero, costBasis: Money = .zero, realizedPnL: Money = .zero) {
        self.quantity = quantity
        self.costBasis = costBasis
        self.realizedPnL = realizedPnL
    }

    /// A flat position with nothing realized.
    public static let flat = Position()

    /// The average price paid per share of the open quantity, rounded toward zero; nil when flat.
    @inlinable
    public var averageCost: Price? {
        guard quantity.shares != 0 else { return nil }
        return Price(cents: costBasis.cents / quantity.shares)
    }

    /// The profit or loss of the open quantity if it were closed at `mark`.
    @inlinable
    public func unrealizedPnL(markedAt mark: Price) -> Money {
        (mark * quantity) - costBasis
    }

    /// This position after buying or selling `qty` shares at `price`.
    public func applying(side: Side, price: Price, qty: Quantity) -> Position {
        precondition(qty.shares > 0, "a fill has a positive quantity")
        var next = self
        let held = quantity.shares
        if held == 0 || (held > 0) == (side == .buy) {
            next.quantity = Quantity(shares: held + side.sign * qty.shares)
            next.costBasis = costBasis + Money(cents: side.sign * (price * qty).cents)
            return next
        }
        let closing = min(qty.shares, Int64(held.magnitude))
        let holdingSign: Int64 = held > 0 ? 1 : -1
        let removedCost = Money(cents: costBasis.cents * closing / Int64(held.magnitude))
        next.realizedPnL = realizedPnL + Money(cents: holdingSign * price.cents * closing) - removedCost
        next.quantity = Quantity(shares: held - holdingSign * closing)
        next.costBasis = next.quantity.shares == 0 ? .zero : costBasis - removedCost
        let opening = qty.shares - closing
        if opening > 0 {
            next.quantity = Quantity(shares: side.sign * opening)
            next.costBasis = Money(cents: side.sign * price.cents * opening)
        }
        return next
    }

    /// This position after `fill`.
    public func applying(_ fill: Fill) -> Position {
        applying(side: fill.side, price: fill.price, qty: fill.qty)
    }
}
