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

    /// Random books and orders, against the touch worked out plainly: the unfilled shares of our
    /// orders at each price taken off that price's entries in book order. Sides of up to six
    /// entries on four prices (now and then out of order, with empty and negative entries),
    /// zero to three orders (partly filled, on either side, now and then of another symbol), so
    /// that both one order on a side and several are met many times.
    @Test func theTouchWithoutOurOrdersIsTheRestOfTheBookWorkedOutPlainly() {
        var random = SplitMix64(seed: 20)
        func side(isBuy: Bool) -> [BookEntry] {
            let prices: [Int64] = isBuy ? [5_003, 5_002, 5_001, 5_000] : [5_004, 5_005, 5_006, 5_007]
            var entries = (0..<random.int(in: 0...6)).map { _ in
                BookEntry(
                    price: Price(cents: prices[Int(random.int(in: 0...3))]), qty: Quantity(shares: random.int(in: -2...60)),
                    isBuy: isBuy)
            }
            if random.int(in: 0...4) > 0 { entries.sort { isBuy ? $0.price > $1.price : $0.price < $1.price } }
            return entries
        }
        func plainly(_ entries: [BookEntry], _ orders: [OpenOrder], _ side: Side) -> (Price?, Quantity) {
            var owed: [Price: Quantity] = [:]
            for order in orders where order.request.side == side && order.request.symbol == "FOOBAR" {
                owed[order.request.price] = (owed[order.request.price] ?? .zero).addingSaturated(order.remaining)
            }
            var best: Price?
            var size = Quantity.zero
            for entry in entries {
                var shares = entry.qty
                if let left = owed[entry.price], left > .zero {
                    shares = entry.qty - min(left, entry.qty)
                    owed[entry.price] = left - min(left, max(entry.qty, .zero))
                    if shares == .zero { continue }
                }
                if let best, best != entry.price { break }
                best = entry.price
                size = size.addingSaturated(shares)
            }
            return (best, size)
        }
        var oneOnASide = 0
        for _ in 0..<5_000 {
            let book = BookSnapshot(
                venue: "TESTEX", symbol: "FOOBAR", bids: side(isBuy: true), asks: side(isBuy: false),
                exchangeTime: Timestamp(nanoseconds: 1), receivedTime: Timestamp(nanoseconds: 1), sequence: 1)
            let orders = (0..<random.int(in: 0...3)).map { _ in
                let isBuy = random.int(in: 0...1) == 0
                let entries = isBuy ? book.bids : book.asks
                let pick = entries.isEmpty ? 0 : Int(random.int(in: 0...Int64(entries.count - 1)))
                let price: Int64 = entries.isEmpty ? 5_000 : entries[pick].price.units / Price.unitsPerCent
                let qty = random.int(in: 1...80)
                let filled = random.int(in: 0...qty - 1)
                let symbol: Symbol = random.int(in: 0...9) == 0 ? "OTHER" : "FOOBAR"
                return order(isBuy ? .buy : .sell, price, qty: qty, filled: filled, symbol: symbol)
            }
            if orders.filter({ $0.request.side == .buy && $0.request.symbol == "FOOBAR" }).count == 1 { oneOnASide += 1 }
            let (bid, bidSize) = plainly(book.bids, orders, .buy)
            let (ask, askSize) = plainly(book.asks, orders, .sell)
            let expected = Touch(bid: bid, bidSize: bidSize, ask: ask, askSize: askSize)
            #expect(book.touch(excluding: orders) == expected, "\(book.bids) \(book.asks) without \(orders)")
            if book.touch(excluding: orders) != expected { return }
        }
        #expect(oneOnASide > 1_000)
    }
}
