import StrategyKit
import Testing
import TestSupport

@Suite(.timeLimit(.minutes(10))) struct TouchTests {
    func order(_ side: Side, _ price: Int64, qty: Int64, filled: Int64 = 0, symbol: Symbol = "FOOBAR") -> OpenOrder {
        OpenOrder(
            id: OrderID(price), request: OrderRequest(symbol: symbol, side: side, price: Price(cents: price), qty: Quantity(shares: qty)),
            filled: Quantity(shares: filled))
    }

    @Test func theWholeBooksTouchIsTheBestPricesAndTheSharesAtThem() {
        let snapshot = BookSnapshot.fixture(bids: [(5_100, 10), (5_100, 5), (5_000, 100)], asks: [(5_200, 3), (5_300, 1)])
        #expect(snapshot.touch == Touch(bid: 5_100, bidSize: 15, ask: 5_200, askSize: 3))
        #expect(snapshot.touch(excluding: []) == snapshot.touch)
        #expect(snapshot.mid == snapshot.touch.mid && snapshot.microPrice == snapshot.touch.microPrice)
    }

    @Test func anEmptySideHasNoPriceNoSharesAndNoMid() {
        let oneSided = BookSnapshot.fixture(bids: [], asks: [(5_100, 10)])
        #expect(oneSided.touch == Touch(bid: nil, bidSize: 0, ask: 5_100, askSize: 10))
        #expect(oneSided.touch.mid == nil && oneSided.touch.microPrice == nil)
        let empty = BookSnapshot.fixture(bids: [], asks: [])
        #expect(empty.touch(excluding: [order(.buy, 5_000, qty: 10)]) == Touch(bid: nil, bidSize: 0, ask: nil, askSize: 0))
    }

    @Test func microPriceLeansTowardTheThinnerSideAndIsTheMidWithoutShares() {
        // (5000 × 10 + 5100 × 90) / 100
        #expect(Touch(bid: 5_000, bidSize: 90, ask: 5_100, askSize: 10).microPrice == 5_090)
        #expect(Touch(bid: 5_000, bidSize: 0, ask: 5_101, askSize: 0).microPrice == 5_050)
        #expect(Touch(bid: 5_000, bidSize: 1, ask: 5_101, askSize: 1).mid == 5_050)
    }

    @Test func ourSharesCoveringAWholeLevelLeaveTheNextLevelAsTheBest() {
        let snapshot = BookSnapshot.fixture(bids: [(5_100, 30), (5_100, 70), (5_000, 40), (5_000, 60)], asks: [(5_200, 5)])
        #expect(snapshot.touch(excluding: [order(.buy, 5_100, qty: 100)]) == Touch(bid: 5_000, bidSize: 100, ask: 5_200, askSize: 5))
    }

    @Test func ourSharesCoveringEveryLevelLeaveTheSideEmpty() {
        let snapshot = BookSnapshot.fixture(bids: [(5_100, 30), (5_000, 40)], asks: [(5_200, 5)])
        let mine = [order(.buy, 5_100, qty: 30), order(.buy, 5_000, qty: 50)]
        #expect(snapshot.touch(excluding: mine) == Touch(bid: nil, bidSize: 0, ask: 5_200, askSize: 5))
        #expect(snapshot.touch(excluding: mine).mid == nil)
    }

    @Test func severalOfOurOrdersAtOnePriceComeOffItsEntriesEarliestFirst() {
        // 40 + 30 unfilled shares: the first entry goes, the second keeps 10, the third all 20.
        let snapshot = BookSnapshot.fixture(bids: [(5_100, 50), (5_100, 30), (5_100, 20)], asks: [(5_200, 5)])
        let mine = [order(.buy, 5_100, qty: 50, filled: 10), order(.buy, 5_100, qty: 30)]
        #expect(snapshot.touch(excluding: mine) == Touch(bid: 5_100, bidSize: 30, ask: 5_200, askSize: 5))
    }

    @Test func ordersOfTheOtherSideOrAnotherSymbolAreIgnored() {
        let snapshot = BookSnapshot.fixture(bids: [(5_100, 10)], asks: [(5_200, 10)])
        let others = [order(.sell, 5_100, qty: 10), order(.buy, 5_200, qty: 10), order(.buy, 5_100, qty: 10, symbol: "OTHER")]
        #expect(snapshot.touch(excluding: others) == snapshot.touch)
    }

    @Test func ourAskComesOffTheAsksAsOurBidsComeOffTheBids() {
        let snapshot = BookSnapshot.fixture(bids: [(5_100, 10)], asks: [(5_200, 200), (5_200, 7), (5_300, 1)])
        #expect(snapshot.touch(excluding: [order(.sell, 5_200, qty: 200)]) == Touch(bid: 5_100, bidSize: 10, ask: 5_200, askSize: 7))
    }
}
