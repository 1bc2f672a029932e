import StrategyKit

/// A FOOBAR book on TESTEX with `(price, qty)` entries, best first.
func book(bids: [(Int64, Int64)], asks: [(Int64, Int64)]) -> BookSnapshot {
    BookSnapshot(
        venue: "TESTEX", symbol: "FOOBAR",
        bids: bids.map { BookEntry(price: Price(cents: $0.0), qty: Quantity(shares: $0.1), isBuy: true) },
        asks: asks.map { BookEntry(price: Price(cents: $0.0), qty: Quantity(shares: $0.1), isBuy: false) },
        exchangeTime: .zero, receivedTime: .zero, sequence: 1)
}
