import StrategyKit
import Testing
import TestSupport

@Suite(.timeLimit(.minutes(10)))
struct BookViewTests {
    func entry(_ price: Int64, _ qty: Int64, isBuy: Bool) -> BookEntry {
        BookEntry(price: Price(cents: price), qty: Quantity(shares: qty), isBuy: isBuy)
    }

    func cents(_ entries: [BookEntry]) -> [[Int64]] {
        entries.map { [$0.price.cents(rounded: .towardZero), $0.qty.shares] }
    }

    @Test func shownPutsEachOfOurEntriesAfterTheBooksEntriesAtItsPriceOrBetter() {
        let book = BookSnapshot.fixture(bids: [(5000, 5), (4990, 7)], asks: [(5010, 4), (5020, 6)])
        let view = BookView(
            book, ownBids: [entry(5000, 3, isBuy: true), entry(4995, 2, isBuy: true), entry(4980, 1, isBuy: true)],
            ownAsks: [entry(5005, 8, isBuy: false), entry(5020, 9, isBuy: false)])
        #expect(cents(view.shown.bids) == [[5000, 5], [5000, 3], [4995, 2], [4990, 7], [4980, 1]])
        #expect(cents(view.shown.asks) == [[5005, 8], [5010, 4], [5020, 6], [5020, 9]])
        #expect(view.shown.symbol == book.symbol && view.shown.sequence == book.sequence)
        #expect(BookView(book).shown == book)
        #expect(view.bestBid == 5000 && view.bestAsk == 5005 && view.mid == view.shown.mid)
        #expect(view.touch == view.shown.touch)
    }

    @Test func ourEntriesOnAnEmptySideAreTheWholeSide() {
        let view = BookView(BookSnapshot.fixture(bids: [], asks: []), ownBids: [entry(5000, 3, isBuy: true)])
        #expect(cents(view.shown.bids) == [[5000, 3]])
        #expect(view.bestBid == 5000 && view.bestAsk == nil && view.mid == nil)
        #expect(view.touch(excluding: []) == Touch(bid: 5000, bidSize: 3, ask: nil, askSize: 0))
    }

    /// Random books (best first, with empty and negative entries), our entries beside them and
    /// open orders (some resting among our entries, some on their way, partly filled, of either
    /// side or another symbol): the view's touch, best prices and mid are those of the merged
    /// book it shows, which `BookSnapshot` works out (and `TouchTests` checks plainly).
    @Test func theViewAnswersAsTheBookItShows() {
        var random = SplitMix64(seed: 32)
        func side(isBuy: Bool, count: ClosedRange<Int64>) -> [BookEntry] {
            let prices: [Int64] = isBuy ? [5_003, 5_002, 5_001, 5_000] : [5_004, 5_005, 5_006, 5_007]
            return (0..<random.int(in: count)).map { _ in
                entry(prices[Int(random.int(in: 0...3))], random.int(in: -2...60), isBuy: isBuy)
            }.sorted { isBuy ? $0.price > $1.price : $0.price < $1.price }
        }
        var overlaid = 0
        for _ in 0..<5_000 {
            let book = BookSnapshot.fixture(
                bidEntries: side(isBuy: true, count: 0...6), askEntries: side(isBuy: false, count: 0...6))
            let view = BookView(book, ownBids: side(isBuy: true, count: 0...3), ownAsks: side(isBuy: false, count: 0...3))
            let ours = (view.ownBids + view.ownAsks).filter { _ in random.int(in: 0...3) > 0 }.map {
                OpenOrder(id: OrderID(random.int(in: 1...99)), request: OrderRequest(
                    symbol: "FOOBAR", side: $0.isBuy ? .buy : .sell, price: $0.price, qty: Quantity(shares: max($0.qty.shares, 0) + 5),
                    tag: ""), filled: Quantity(shares: 5))
            }
            let onTheirWay = (0..<random.int(in: 0...2)).map { _ in
                OpenOrder(id: nil, request: OrderRequest(
                    symbol: random.int(in: 0...5) == 0 ? "OTHER" : "FOOBAR", side: random.int(in: 0...1) == 0 ? .buy : .sell,
                    price: Price(cents: random.int(in: 5_000...5_007)), qty: Quantity(shares: random.int(in: 1...80)), tag: ""),
                    filled: Quantity(shares: random.int(in: 0...1)))
            }
            let orders = ours + onTheirWay
            let shown = view.shown
            #expect(view.touch(excluding: orders) == shown.touch(excluding: orders))
            #expect(view.touch == shown.touch)
            #expect(view.bestBid == shown.bestBid && view.bestAsk == shown.bestAsk && view.mid == shown.mid)
            if !view.ownBids.isEmpty || !view.ownAsks.isEmpty { overlaid += 1 }
        }
        #expect(overlaid > 3_000)
    }
}
