import Backtest
import SimulatedMarket
import StrategyKit
import Testing
import Trading

@Suite(.timeLimit(.minutes(10))) struct ReplayVenueTests {
    static let ms: Int64 = 1_000_000

    func venue(orderLatency: Int64 = 0, cancelLatency: Int64 = 0, fees: FeeSchedule = .none) -> ReplayVenue {
        ReplayVenue(configuration: ReplayVenueConfiguration(
            venue: "TESTEX", account: "EXB123456", orderLatencyMilliseconds: orderLatency,
            cancelLatencyMilliseconds: cancelLatency, fees: fees))
    }

    func book(at ms: Int64, bids: [(Int64, Int64)] = [], asks: [(Int64, Int64)] = []) -> BookSnapshot {
        RecordingFixtures.book(sequence: UInt64(ms + 1), time: ms * Self.ms, bids: bids, asks: asks)
    }

    func time(_ ms: Int64) -> Timestamp { Timestamp(nanoseconds: ms * Self.ms) }

    func request(_ side: Side, _ type: OrderType = .limit, price: Int64, qty: Int64) -> OrderRequest {
        OrderRequest(symbol: "FOOBAR", side: side, type: type, price: Price(cents: price), qty: Quantity(shares: qty))
    }

    /// Submits and delivers one place request at `ms`; returns the venue's answer.
    func place(_ request: OrderRequest, on venue: inout ReplayVenue, at ms: Int64, client: UInt64 = 1) -> ReplayOrderUpdate? {
        venue.submit(request, clientID: ClientOrderID(rawValue: client), at: time(ms))
        guard case .placed(_, let update)? = venue.advance(to: time(ms)).first else { return nil }
        return update
    }

    func fills(_ update: ReplayOrderUpdate?) -> [[Int64]] {
        update?.status.fills.map { [$0.price.cents(rounded: .towardZero), $0.qty.shares] } ?? []
    }

    func filledUpdates(_ reports: [ReplayVenueReport]) -> [ReplayOrderUpdate] {
        reports.compactMap { if case .filled(let update) = $0 { update } else { nil } }
    }

    @Test func marketableOrderWalksTheOppositeSideAtRecordedPricesAndQuantities() {
        var venue = venue()
        _ = venue.apply(book(at: 0, bids: [(5000, 7)], asks: [(5010, 5), (5010, 3), (5020, 10), (5030, 9)]))
        let update = place(request(.buy, price: 5020, qty: 12), on: &venue, at: 0)
        #expect(fills(update) == [[5010, 5], [5010, 3], [5020, 4]])
        #expect(update?.status.totalFilled == 12)
        #expect(update?.status.open == false)
        #expect(update?.status.qty == 0)
        #expect(update?.liquidity == .taker)
    }

    @Test func takenLiquidityIsGoneForLaterOrdersWithinTheSnapshot() {
        var venue = venue()
        _ = venue.apply(book(at: 0, asks: [(5010, 8)]))
        let first = place(request(.buy, .immediateOrCancel, price: 5010, qty: 6), on: &venue, at: 0, client: 1)
        let second = place(request(.buy, .immediateOrCancel, price: 5010, qty: 6), on: &venue, at: 0, client: 2)
        #expect(fills(first) == [[5010, 6]])
        #expect(fills(second) == [[5010, 2]])
        _ = venue.apply(book(at: 10, asks: [(5010, 8)]))
        let third = place(request(.buy, .immediateOrCancel, price: 5010, qty: 6), on: &venue, at: 10, client: 3)
        #expect(fills(third) == [[5010, 6]])
    }

    @Test func restingOrderQueuesBehindTheDisplayedQuantityAtItsPrice() {
        var venue = venue()
        _ = venue.apply(book(at: 0, bids: [(5000, 10), (5000, 5)], asks: [(5010, 5)]))
        let placed = place(request(.buy, price: 5000, qty: 10), on: &venue, at: 0)
        #expect(placed?.status.open == true)
        #expect(placed?.status.fills.isEmpty == true)
        // Level 15 -> 12 -> 0: the queue ahead shrinks to 12, then is exhausted, with no fill.
        #expect(filledUpdates(venue.apply(book(at: 10, bids: [(5000, 12)], asks: [(5010, 5)]))).isEmpty)
        #expect(filledUpdates(venue.apply(book(at: 20, bids: [(4990, 3)], asks: [(5010, 5)]))).isEmpty)
        // Others join behind (level 4), then the level trades down to 1: filled 3.
        #expect(filledUpdates(venue.apply(book(at: 30, bids: [(5000, 4)], asks: [(5010, 5)]))).isEmpty)
        let filled = filledUpdates(venue.apply(book(at: 40, bids: [(5000, 1)], asks: [(5010, 5)])))
        #expect(filled.map { fills($0) } == [[[5000, 3]]])
        #expect(filled.first?.liquidity == .maker)
        #expect(filled.first?.newFills == 0..<1)
        #expect(filled.first?.status.qty == 7)
        #expect(filled.first?.status.open == true)
    }

    @Test func queueAheadDoesNotShrinkWhileTheLevelStaysAboveIt() {
        var venue = venue()
        _ = venue.apply(book(at: 0, bids: [(5000, 15)], asks: [(5010, 5)]))
        _ = place(request(.buy, price: 5000, qty: 10), on: &venue, at: 0)
        // Orders join behind (30) and leave (16): none of that was ahead of us.
        for (ms, level) in [(10, 30), (20, 16), (30, 15)] as [(Int64, Int64)] {
            #expect(filledUpdates(venue.apply(book(at: ms, bids: [(5000, level)], asks: [(5010, 5)]))).isEmpty)
        }
        // 15 -> 5 moves the queue to 5; 5 -> 0 exhausts it; neither fills.
        #expect(filledUpdates(venue.apply(book(at: 40, bids: [(5000, 5)], asks: [(5010, 5)]))).isEmpty)
        #expect(filledUpdates(venue.apply(book(at: 50, bids: [(4990, 5)], asks: [(5010, 5)]))).isEmpty)
        #expect(venue.openOrders.first?.qty == 10)
    }

    @Test func tradeThroughFillsTheWholeRemainderAtTheOrderPrice() {
        var venue = venue()
        _ = venue.apply(book(at: 0, bids: [(5000, 50)], asks: [(5010, 5)]))
        _ = place(request(.buy, price: 5000, qty: 10), on: &venue, at: 0)
        let filled = filledUpdates(venue.apply(book(at: 10, bids: [(4990, 5)], asks: [(4995, 5)])))
        #expect(filled.map { fills($0) } == [[[5000, 10]]])
        #expect(filled.first?.status.open == false)
        #expect(venue.openOrders.isEmpty)
    }

    @Test func touchingTheOrderPriceIsNotATradeThrough() {
        var venue = venue()
        _ = venue.apply(book(at: 0, bids: [(5000, 50)], asks: [(5010, 5)]))
        _ = place(request(.buy, price: 5000, qty: 10), on: &venue, at: 0)
        #expect(filledUpdates(venue.apply(book(at: 10, bids: [(4990, 5)], asks: [(5000, 5)]))).isEmpty)
    }

    @Test func remainderThatTookTheCrossingLiquidityIsNotFilledByItAgain() {
        var venue = venue()
        _ = venue.apply(book(at: 0, bids: [(4990, 5)], asks: [(5005, 30)]))
        let placed = place(request(.buy, price: 5010, qty: 100), on: &venue, at: 0)
        #expect(fills(placed) == [[5005, 30]])
        // The recording does not know we took the 30: the same ask shows again. No fill.
        #expect(filledUpdates(venue.apply(book(at: 10, bids: [(4990, 5)], asks: [(5005, 30)]))).isEmpty)
        // Once the recorded book stops crossing, a new trade-through counts.
        #expect(filledUpdates(venue.apply(book(at: 20, bids: [(4990, 5)], asks: [(5015, 30)]))).isEmpty)
        let filled = filledUpdates(venue.apply(book(at: 30, bids: [(4990, 5)], asks: [(5000, 30)])))
        #expect(filled.map { fills($0) } == [[[5005, 30], [5010, 70]]])
    }

    @Test func orderLatencyDelaysWhenTheOrderMeetsTheBook() {
        var venue = venue(orderLatency: 100)
        _ = venue.apply(book(at: 0, asks: [(5010, 5)]))
        venue.submit(request(.buy, .immediateOrCancel, price: 5020, qty: 5), clientID: ClientOrderID(rawValue: 1), at: time(0))
        #expect(venue.advance(to: time(99)).isEmpty)
        #expect(venue.nextArrival == time(100))
        _ = venue.apply(book(at: 50, asks: [(5020, 5)]))
        let reports = venue.advance(to: time(100))
        guard case .placed(_, let update)? = reports.first else {
            Issue.record("expected the order's answer at 100 ms, got \(reports)")
            return
        }
        #expect(fills(update) == [[5020, 5]])
        #expect(update.time == time(100))
    }

    @Test func cancelLatencyLetsFillsHappenBeforeTheCancelArrives() {
        var venue = venue(cancelLatency: 50)
        _ = venue.apply(book(at: 0, bids: [(5000, 5)], asks: [(5010, 5)]))
        let id = place(request(.buy, price: 5000, qty: 10), on: &venue, at: 0)!.status.id
        venue.submitCancel(id, at: time(10))
        let reports = venue.apply(book(at: 30, bids: [(4990, 5)], asks: [(4999, 5)]))
        #expect(filledUpdates(reports).count == 1)
        let cancelReports = venue.advance(to: time(60))
        guard case .cancelled(let update)? = cancelReports.first else {
            Issue.record("expected the cancel's answer, got \(cancelReports)")
            return
        }
        #expect(update.time == time(60))
        #expect(update.status.open == false)
        #expect(update.status.totalFilled == 10)
        #expect(update.newFills.isEmpty)
    }

    @Test func cancelClosesARestingOrderAndKeepsItsFills() {
        var venue = venue()
        _ = venue.apply(book(at: 0, bids: [(5000, 5)], asks: [(5010, 4)]))
        let id = place(request(.buy, price: 5010, qty: 10), on: &venue, at: 0)!.status.id
        venue.submitCancel(id, at: time(5))
        guard case .cancelled(let update)? = venue.advance(to: time(5)).first else {
            Issue.record("expected a cancel answer")
            return
        }
        #expect(update.status.qty == 0)
        #expect(update.status.totalFilled == 4)
        #expect(update.status.originalQty == 10)
        #expect(venue.openOrders.isEmpty)
        #expect(venue.status(of: id) == update.status)
        #expect(filledUpdates(venue.apply(book(at: 10, asks: [(4000, 100)]))).isEmpty)
    }

    @Test func marketOrderTakesAnyPriceReportsPriceZeroAndNeverRests() {
        var venue = venue()
        _ = venue.apply(book(at: 0, asks: [(5010, 5), (9000, 5)]))
        let update = place(request(.buy, .market, price: 1, qty: 20), on: &venue, at: 0)
        #expect(fills(update) == [[5010, 5], [9000, 5]])
        #expect(update?.status.price == 0)
        #expect(update?.status.open == false)
        #expect(update?.status.qty == 0)
        #expect(venue.openOrders.isEmpty)
    }

    @Test func fillOrKillShortOfQuantityTakesNothingAndLeavesTheBook() {
        var venue = venue()
        _ = venue.apply(book(at: 0, bids: [(5000, 4), (4990, 4), (4980, 100)]))
        let killed = place(request(.sell, .fillOrKill, price: 4990, qty: 10), on: &venue, at: 0, client: 1)
        #expect(killed?.status.fills.isEmpty == true)
        #expect(killed?.status.open == false)
        #expect(killed?.status.totalFilled == 0)
        let filled = place(request(.sell, .fillOrKill, price: 4990, qty: 8), on: &venue, at: 0, client: 2)
        #expect(fills(filled) == [[5000, 4], [4990, 4]])
    }

    @Test func immediateOrCancelFillsWhatItCanAndCancelsTheRest() {
        var venue = venue()
        _ = venue.apply(book(at: 0, bids: [(5000, 4), (4990, 4)]))
        let update = place(request(.sell, .immediateOrCancel, price: 5000, qty: 10), on: &venue, at: 0)
        #expect(fills(update) == [[5000, 4]])
        #expect(update?.status.open == false)
        #expect(update?.status.qty == 0)
        #expect(venue.openOrders.isEmpty)
    }

    @Test func feesChargeTakersAndRebateMakersPerShare() {
        var venue = venue(fees: FeeSchedule(takerPerShare: 3, makerPerShare: -2))
        _ = venue.apply(book(at: 0, bids: [(4990, 5)], asks: [(5000, 4)]))
        let taken = place(request(.buy, price: 5000, qty: 10), on: &venue, at: 0)
        #expect(taken?.fees == 12)
        let made = filledUpdates(venue.apply(book(at: 10, bids: [(4990, 5)], asks: [(4995, 5)])))
        #expect(made.first?.fees == -12)
    }

    @Test func refusesNonPositiveQuantityAndUnknownOrderIDs() {
        var venue = venue()
        venue.submit(request(.buy, price: 5000, qty: 0), clientID: ClientOrderID(rawValue: 9), at: time(0))
        venue.submitCancel(OrderID(42), at: time(0))
        let reports = venue.advance(to: time(0))
        guard reports.count == 2, case .placeRejected(let client, _, _, _) = reports[0],
              case .cancelRejected(let id, _, _) = reports[1] else {
            Issue.record("expected a rejected place and a rejected cancel, got \(reports)")
            return
        }
        #expect(client == ClientOrderID(rawValue: 9))
        #expect(id == 42)
        #expect(place(request(.buy, price: 5000, qty: 1), on: &venue, at: 1)?.status.id == 1)
    }

    @Test func eachSymbolMeetsItsOwnBook() {
        var venue = venue()
        _ = venue.apply(book(at: 0, asks: [(5010, 5)]))
        _ = venue.apply(RecordingFixtures.book(sequence: 1, time: 0, bids: [(900, 5)], asks: [(910, 5)], symbol: "BARFOO"))
        var other = request(.buy, .immediateOrCancel, price: 1000, qty: 5)
        other.symbol = "BARFOO"
        #expect(fills(place(other, on: &venue, at: 0)) == [[910, 5]])
        #expect(fills(place(request(.buy, .immediateOrCancel, price: 5010, qty: 5), on: &venue, at: 0)) == [[5010, 5]])
        _ = place(request(.buy, price: 5000, qty: 5), on: &venue, at: 0)
        // A crossing book in the other symbol leaves the FOOBAR order alone.
        #expect(filledUpdates(venue.apply(
            RecordingFixtures.book(sequence: 2, time: 10 * Self.ms, bids: [], asks: [(100, 5)], symbol: "BARFOO"))).isEmpty)
        #expect(venue.openOrders.count == 1)
    }

    @Test func ownRestingOrdersAreShownAtTheBackOfTheirLevels() {
        var venue = venue()
        let recorded = book(at: 0, bids: [(5000, 5), (4990, 7)], asks: [(5010, 4), (5020, 6)])
        _ = venue.apply(recorded)
        _ = place(request(.buy, price: 5000, qty: 3), on: &venue, at: 0, client: 1)
        _ = place(request(.buy, price: 4995, qty: 2), on: &venue, at: 0, client: 2)
        _ = place(request(.sell, price: 5020, qty: 9), on: &venue, at: 0, client: 3)
        _ = place(request(.sell, price: 5010, qty: 1), on: &venue, at: 0, client: 4)
        let shown = venue.withOwnOrders(recorded)
        #expect(shown.bids.map { [$0.price.cents(rounded: .towardZero), $0.qty.shares] } == [[5000, 5], [5000, 3], [4995, 2], [4990, 7]])
        #expect(shown.asks.map { [$0.price.cents(rounded: .towardZero), $0.qty.shares] } == [[5010, 4], [5010, 1], [5020, 6], [5020, 9]])
        #expect(shown.asks.allSatisfy { !$0.isBuy })
        var other = recorded
        other.symbol = "BARFOO"
        #expect(venue.withOwnOrders(other) == other)
    }

    /// A side shown again from the very same recorded array (as a compact recording hands a side
    /// a delta left alone) follows every change of our orders: a new one, a cancel, a fill.
    @Test func theSameRecordedSideShownAgainFollowsOurOrders() {
        var venue = venue()
        let recorded = book(at: 0, bids: [(5000, 5), (4990, 7)], asks: [(5010, 4)])
        _ = venue.apply(recorded)
        func shownBids() -> [[Int64]] {
            venue.withOwnOrders(recorded).bids.map { [$0.price.cents(rounded: .towardZero), $0.qty.shares] }
        }
        _ = place(request(.buy, price: 4990, qty: 3), on: &venue, at: 0, client: 1)
        #expect(shownBids() == [[5000, 5], [4990, 7], [4990, 3]])
        #expect(shownBids() == [[5000, 5], [4990, 7], [4990, 3]])
        _ = place(request(.buy, price: 5000, qty: 2), on: &venue, at: 0, client: 2)
        #expect(shownBids() == [[5000, 5], [5000, 2], [4990, 7], [4990, 3]])
        venue.submitCancel(OrderID(2), at: time(0))
        _ = venue.advance(to: time(0))
        #expect(shownBids() == [[5000, 5], [4990, 7], [4990, 3]])
        #expect(filledUpdates(venue.apply(book(at: 1, bids: [(4980, 1)], asks: [(4985, 9)]))).count == 1)
        #expect(shownBids() == [[5000, 5], [4990, 7]])
        #expect(venue.withOwnOrders(recorded).bids == recorded.bids)
    }

    /// The view of a book (our orders beside it) shows our orders in it, as our
    /// orders come, fill and go, without the book itself changing.
    @Test func aBooksViewShowsTheBookOurOrdersArePutIn() {
        var venue = venue()
        let recorded = book(at: 0, bids: [(5000, 5), (4990, 7)], asks: [(5010, 4), (5020, 6)])
        _ = venue.apply(recorded)
        #expect(venue.view(of: recorded).shown == recorded)
        _ = place(request(.buy, price: 5000, qty: 3), on: &venue, at: 0, client: 1)
        _ = place(request(.sell, price: 5015, qty: 2), on: &venue, at: 0, client: 2)
        _ = place(request(.sell, price: 5010, qty: 1), on: &venue, at: 0, client: 3)
        let view = venue.view(of: recorded)
        #expect(view.book == recorded)
        #expect(view.ownBids.count == 1 && view.ownAsks.count == 2)
        #expect(view.shown == venue.withOwnOrders(recorded))
        venue.submitCancel(OrderID(1), at: time(0))
        _ = venue.advance(to: time(0))
        #expect(venue.view(of: recorded).ownBids.isEmpty)
        #expect(venue.view(of: recorded).shown == venue.withOwnOrders(recorded))
    }

    @Test func booksShownEarlierKeepTheirEntriesWhileLaterOnesAreShown() {
        var venue = venue()
        var kept: [(recorded: BookSnapshot, shown: BookSnapshot)] = []
        for step in 0..<6 {
            let recorded = book(at: Int64(step), bids: [(5000, 5 + Int64(step))], asks: [(5010 + Int64(step), 4)])
            _ = venue.apply(recorded)
            if step == 0 { _ = place(request(.buy, price: 4990, qty: 3), on: &venue, at: 0) }
            kept.append((recorded, venue.withOwnOrders(recorded)))
        }
        for (recorded, shown) in kept {
            #expect(shown.bids.map { [$0.price.cents(rounded: .towardZero), $0.qty.shares] } == [[5000, recorded.bids[0].qty.shares], [4990, 3]])
            #expect(shown.asks == recorded.asks)
        }
    }

    @Test func sameInputsGiveTheSameReportsAndSequentialIDs() {
        func run() -> [ReplayVenueReport] {
            var venue = venue(orderLatency: 3, cancelLatency: 2, fees: FeeSchedule(takerPerShare: 1, makerPerShare: -1))
            var random = SplitMix64(seed: 7)
            var reports: [ReplayVenueReport] = []
            for step in 0..<500 {
                let ms = Int64(step) * 5
                let mid = Int64(5000 + Int.random(in: -20...20, using: &random))
                reports += venue.apply(book(
                    at: ms, bids: (1...5).map { (mid - $0, Int64.random(in: 1...50, using: &random)) },
                    asks: (1...5).map { (mid + $0, Int64.random(in: 1...50, using: &random)) }))
                let side: Side = Bool.random(using: &random) ? .buy : .sell
                let type = OrderType.allCases.randomElement(using: &random)!
                venue.submit(request(side, type, price: mid + Int64.random(in: -6...6, using: &random), qty: 10),
                             clientID: ClientOrderID(rawValue: UInt64(step + 1)), at: time(ms))
                if step % 3 == 0, let open = venue.openOrders.first { venue.submitCancel(open.id, at: time(ms)) }
                reports += venue.advance(to: time(ms + 4))
            }
            return reports
        }
        let first = run()
        #expect(first == run())
        let ids = first.compactMap { if case .placed(_, let update) = $0 { update.status.id.rawValue } else { nil } }
        #expect(ids == Array(1...Int64(ids.count)))
        #expect(first.contains { if case .filled = $0 { true } else { false } })
    }
}

extension ReplayVenue {
    /// `book` with our resting orders put in it, as a strategy's view shows them.
    fileprivate mutating func withOwnOrders(_ book: BookSnapshot) -> BookSnapshot {
        view(of: book).shown
    }
}
