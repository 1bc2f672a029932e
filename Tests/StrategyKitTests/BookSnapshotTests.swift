import StrategyKit
import Testing

@Suite struct BookSnapshotTests {
    func book(bids: [(Int64, Int64)], asks: [(Int64, Int64)]) -> BookSnapshot {
        BookSnapshot(
            venue: "TESTEX", symbol: "FOOBAR",
            bids: bids.map { BookEntry(price: Price(cents: $0.0), qty: Quantity(shares: $0.1), isBuy: true) },
            asks: asks.map { BookEntry(price: Price(cents: $0.0), qty: Quantity(shares: $0.1), isBuy: false) },
            exchangeTime: .zero, receivedTime: .zero, sequence: 1)
    }

    @Test func touchSizesAddUpEntriesAtTheBestPriceOnly() {
        let snapshot = book(bids: [(5_100, 10), (5_100, 5), (5_000, 100)], asks: [(5_200, 3)])
        #expect(snapshot.size(atBest: .buy) == 15)
        #expect(snapshot.depth(.buy) == 115)
        #expect(snapshot.spread == 100)
        #expect(snapshot.mid == 5_150)
    }

    @Test func microPriceLeansTowardTheThinnerSide() {
        let snapshot = book(bids: [(5_000, 90)], asks: [(5_100, 10)])
        // (5000 × 10 + 5100 × 90) / 100
        #expect(snapshot.microPrice == 5_090)
    }

    @Test func emptySideHasNoMid() {
        let snapshot = book(bids: [], asks: [(5_100, 10)])
        #expect(snapshot.mid == nil && snapshot.microPrice == nil && snapshot.bestAsk == 5_100)
    }
}
