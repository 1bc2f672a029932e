import StrategyKit

extension Position {
    /// `applying(side:price:qty:)`, or nil when any step of that arithmetic would overflow
    /// `Int64` — a ledger line with such values is refused rather than trapped on.
    func checkedApplying(side: Side, price: Price, qty: Quantity) -> Position? {
        let held = quantity.shares
        guard qty.shares > 0, price.cents >= 0, held != .min,
              case let (notional, false) = price.cents.multipliedReportingOverflow(by: qty.shares),
              case (_, false) = held.addingReportingOverflow(side.sign * qty.shares),
              case (_, false) = costBasis.cents.addingReportingOverflow(side.sign * notional)
        else { return nil }
        let closing = held == 0 || (held > 0) == (side == .buy) ? 0 : min(qty.shares, Int64(held.magnitude))
        guard closing > 0 else { return applying(side: side, price: price, qty: qty) }
        guard case let (removedTimesHeld, false) = costBasis.cents.multipliedReportingOverflow(by: closing),
              case let (proceeds, false) = price.cents.multipliedReportingOverflow(by: closing)
        else { return nil }
        let removedCost = removedTimesHeld / Int64(held.magnitude)
        guard case let (gross, false) = realizedPnL.cents.addingReportingOverflow(held > 0 ? proceeds : -proceeds),
              case (_, false) = gross.subtractingReportingOverflow(removedCost),
              case (_, false) = costBasis.cents.subtractingReportingOverflow(removedCost)
        else { return nil }
        return applying(side: side, price: price, qty: qty)
    }
}
