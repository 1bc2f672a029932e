import StrategyKit
import Testing
import TestSupport

@Suite(.timeLimit(.minutes(10))) struct BookSnapshotTests {
    @Test func touchSizesAddUpEntriesAtTheBestPriceOnly() {
        let snapshot = BookSnapshot.fixture(bids: [(5_100, 10), (5_100, 5), (5_000, 100)], asks: [(5_200, 3)])
        #expect(snapshot.size(atBest: .buy) == 15)
        #expect(snapshot.depth(.buy) == 115)
        #expect(snapshot.spread == 100)
        #expect(snapshot.mid == 5_150)
    }

    @Test func microPriceLeansTowardTheThinnerSide() {
        let snapshot = BookSnapshot.fixture(bids: [(5_000, 90)], asks: [(5_100, 10)])
        // (5000 × 10 + 5100 × 90) / 100
        #expect(snapshot.microPrice == 5_090)
    }

    @Test func emptySideHasNoMid() {
        let snapshot = BookSnapshot.fixture(bids: [], asks: [(5_100, 10)])
        #expect(snapshot.mid == nil && snapshot.microPrice == nil && snapshot.bestAsk == 5_100)
    }
}
