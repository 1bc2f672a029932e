import StrategyKit

extension BookSnapshot {
    /// A book of `symbol` on `venue` (FOOBAR on TESTEX unless told) with `(price in cents, shares)`
    /// entries, best first, received `receivedTime` and stamped by the exchange `exchangeTime`.
    public static func fixture(
        bids: [(Int64, Int64)] = [], asks: [(Int64, Int64)] = [], venue: Venue = "TESTEX", symbol: Symbol = "FOOBAR",
        exchangeTime: Timestamp = .zero, receivedTime: Timestamp = .zero, sequence: UInt64 = 1
    ) -> BookSnapshot {
        fixture(
            bidEntries: bids.map { BookEntry(price: Price(cents: $0.0), qty: Quantity(shares: $0.1), isBuy: true) },
            askEntries: asks.map { BookEntry(price: Price(cents: $0.0), qty: Quantity(shares: $0.1), isBuy: false) },
            venue: venue, symbol: symbol, exchangeTime: exchangeTime, receivedTime: receivedTime, sequence: sequence)
    }

    /// The same with entries built by the caller (to show orders of its own among them, say).
    public static func fixture(
        bidEntries: [BookEntry], askEntries: [BookEntry], venue: Venue = "TESTEX", symbol: Symbol = "FOOBAR",
        exchangeTime: Timestamp = .zero, receivedTime: Timestamp = .zero, sequence: UInt64 = 1
    ) -> BookSnapshot {
        BookSnapshot(
            venue: venue, symbol: symbol, bids: bidEntries, asks: askEntries, exchangeTime: exchangeTime,
            receivedTime: receivedTime, sequence: sequence)
    }
}
