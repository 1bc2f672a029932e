import StrategyKit

/// The venue and account of the fills tests make.
public let testVenue: Venue = "TESTEX"
public let testAccount: Account = "EXB123456"

/// A fill on the test venue and account, at a price in cents; its time is `time` (ns), or a
/// time that grows with the order id and the index when nil.
public func makeFill(
    order: Int64, index: Int = 0, _ side: Side, _ qty: Int64, at price: Int64,
    symbol: Symbol = "FOOBAR", strategy: StrategyID = "mm", time: Int64? = nil
) -> Fill {
    Fill(
        venue: testVenue, account: testAccount, symbol: symbol, orderID: OrderID(order), index: index, side: side,
        price: Price(cents: price), qty: Quantity(shares: qty),
        time: Timestamp(nanoseconds: time ?? 1_764_400_000_000_000_000 + order * 1_000_000 + Int64(index)),
        strategyID: strategy)
}
