/// A holding in one symbol: signed quantity (negative is short), the cost of that quantity, and
/// the profit or loss realized by reducing it.
///
/// All in integer units of $0.0001 (`Money`). When part of a position is closed, its share of the cost basis is
/// removed proportionally, rounding toward zero; a position that returns to flat has a cost
/// basis of exactly zero, so rounding never accumulates across round trips.
///
/// `@frozen`: its stored properties are part of the SDK 4.x ABI, since plugins compiled against
/// it read them directly; none may be added, removed or reordered before SDK 5.0.
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
    @inlinable
    public static var flat: Position { Position() }

    /// The average price paid per share of the open quantity, rounded toward zero; nil when flat.
    public var averageCost: Price? {
        guard quantity.shares != 0 else { return nil }
        return Price(units: costBasis.units / quantity.shares)
    }

    /// The profit or loss of the open quantity if it were closed at `mark`.
    public func unrealizedPnL(markedAt mark: Price) -> Money {
        (mark * quantity) - costBasis
    }

    /// This position after buying or selling `qty` shares at `price`. Traps when `qty` is not
    /// positive or the position's numbers would overflow `Int64`; `checkedApplying` is the same
    /// arithmetic for numbers that may not fit.
    public func applying(side: Side, price: Price, qty: Quantity) -> Position {
        precondition(qty.shares > 0, "a fill has a positive quantity")
        guard let change = checkedApplying(side: side, price: price, qty: qty) else {
            preconditionFailure("a fill of \(qty) at \(price) overflows a position of \(quantity) costing \(costBasis)")
        }
        return change.position
    }

    /// This position after `fill`.
    public func applying(_ fill: Fill) -> Position {
        applying(side: fill.side, price: fill.price, qty: fill.qty)
    }

    /// What buying or selling `qty` shares at `price` does to this position: the position after,
    /// the P&L realized and the cash moved. Nil when `qty` is not positive or when any step of
    /// the arithmetic would overflow `Int64`, so that a caller holding numbers from outside (a
    /// ledger line) can refuse them instead of trapping.
    ///
    /// The one place a fill's effect on a holding is worked out: `applying` is this, trapping
    /// where it answers nil, and the host's ledger, portfolio and backtest metrics book with it.
    public func checkedApplying(side: Side, price: Price, qty: Quantity) -> PositionChange? {
        let held = quantity.shares
        guard qty.shares > 0, held != .min,
              case let (notional, false) = price.units.multipliedReportingOverflow(by: qty.shares),
              case let (signedNotional, false) = notional.multipliedReportingOverflow(by: side.sign),
              case let (cashFlow, false) = Int64(0).subtractingReportingOverflow(signedNotional),
              case let (opened, false) = held.addingReportingOverflow(side.sign * qty.shares),
              case let (openedCost, false) = costBasis.units.addingReportingOverflow(signedNotional)
        else { return nil }
        guard held != 0, (held > 0) != (side == .buy) else {
            return PositionChange(
                position: Position(quantity: Quantity(shares: opened), costBasis: Money(units: openedCost), realizedPnL: realizedPnL),
                realized: .zero, cashFlow: Money(units: cashFlow))
        }
        // The closed shares take their proportional part of the cost basis with them, rounded
        // toward zero, and realize the difference to what they fetched.
        let heldShares = Int64(held.magnitude)
        let holdingSign: Int64 = held > 0 ? 1 : -1
        let closing = min(qty.shares, heldShares)
        guard case let (removedTimesHeld, false) = costBasis.units.multipliedReportingOverflow(by: closing),
              case let (proceeds, false) = price.units.multipliedReportingOverflow(by: closing),
              case let (signedProceeds, false) = proceeds.multipliedReportingOverflow(by: holdingSign)
        else { return nil }
        let removedCost = removedTimesHeld / heldShares
        guard case let (gross, false) = realizedPnL.units.addingReportingOverflow(signedProceeds),
              case let (realizedAfter, false) = gross.subtractingReportingOverflow(removedCost),
              case let (realized, false) = signedProceeds.subtractingReportingOverflow(removedCost),
              case let (remainingCost, false) = costBasis.units.subtractingReportingOverflow(removedCost)
        else { return nil }
        let remaining = held - holdingSign * closing
        var next = Position(
            quantity: Quantity(shares: remaining), costBasis: remaining == 0 ? .zero : Money(units: remainingCost),
            realizedPnL: Money(units: realizedAfter))
        let opening = qty.shares - closing
        if opening > 0 {
            // Fewer shares than `qty` at the same price: the product fits, since `notional` did.
            next.quantity = Quantity(shares: side.sign * opening)
            next.costBasis = Money(units: side.sign * (price.units * opening))
        }
        return PositionChange(position: next, realized: Money(units: realized), cashFlow: Money(units: cashFlow))
    }

    /// `checkedApplying(side:price:qty:)` for `fill`.
    public func checkedApplying(_ fill: Fill) -> PositionChange? {
        checkedApplying(side: fill.side, price: fill.price, qty: fill.qty)
    }
}
