import StrategyKit

extension Quote {
    /// The quote's last trade (`last`, `lastSize`, `lastTrade`); nil while it has none.
    var lastPrint: Trade? {
        guard let last, let lastSize, let lastTrade else { return nil }
        return Trade(symbol: symbol, price: last, qty: lastSize, time: lastTrade)
    }

    /// The top of the book the quote shows: one level a side (none for a side without a
    /// price), the quote's time as the exchange time, `receivedTime` stamped `receivedAt`.
    func topOfBook(receivedAt: Timestamp) -> BookSnapshot {
        BookSnapshot(
            venue: venue, symbol: symbol, bids: bid.map { [BookEntry(price: $0, qty: bidSize, isBuy: true)] } ?? [],
            asks: ask.map { [BookEntry(price: $0, qty: askSize, isBuy: false)] } ?? [], exchangeTime: quoteTime,
            receivedTime: receivedAt, sequence: 0)
    }
}
