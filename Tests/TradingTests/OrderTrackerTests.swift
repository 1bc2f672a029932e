import Risk
import StrategyKit
import Testing
import TestSupport
import Trading

@Suite(.timeLimit(.minutes(10))) struct OrderTrackerTests {
    static let symbol: Symbol = "FOOBAR"
    static let venue: Venue = "TESTEX"
    static let t0 = Timestamp(nanoseconds: 1_700_000_000_000_000_000)

    /// Orders approved by a checker whose limits let everything through, on a fresh book.
    static func approve(_ request: OrderRequest, by strategy: StrategyID = "a", at venue: Venue = venue) -> ApprovedOrder {
        let limits = RiskLimits(
            maxOrderQty: 1_000, maxPosition: 10_000, maxNotionalPerOrder: 100_000_000, maxOpenOrders: 100,
            priceCollarBasisPoints: 10_000, maxOrdersPerSecond: 100, staleBookMs: 1_000, allowMarketOrders: true,
            maxLoss: 1_000_000)
        var checker = RiskChecker(
            limits: [strategy: limits], accountLimits: AccountRiskLimits(maxSymbolPosition: 10_000, maxLoss: 1_000_000))
        let book = BookSnapshot.fixture(
            bids: [(4990, 10)], asks: [(5010, 10)], venue: venue, symbol: symbol, exchangeTime: t0, receivedTime: t0)
        guard case .approved(let order) = checker.check(
            request, from: strategy, book: book, lastTrade: nil, exposure: RiskExposure(), now: t0)
        else { preconditionFailure("the permissive checker approves \(request)") }
        return order
    }

    static func request(_ side: Side = .buy, _ qty: Int64 = 10, at price: Int64 = 5000, type: OrderType = .limit)
        -> OrderRequest
    {
        OrderRequest(symbol: symbol, side: side, type: type, price: Price(cents: price), qty: Quantity(shares: qty))
    }

    /// The exchange's report of order `id` for `request` with `fills` (price, qty), open or not.
    static func status(
        _ id: Int64, _ request: OrderRequest, fills: [(Int64, Int64)] = [], open: Bool = true, at venue: Venue = venue
    ) -> OrderStatus {
        let reported = fills.enumerated().map { index, fill in
            OrderFill(price: Price(cents: fill.0), qty: Quantity(shares: fill.1), ts: t0.advanced(byMilliseconds: Int64(index)))
        }
        let filled = reported.reduce(Quantity.zero) { $0 + $1.qty }
        return OrderStatus(
            id: OrderID(id), venue: venue, symbol: request.symbol, account: "EXB123", side: request.side,
            type: request.type, price: request.type.isPriced ? request.price : .zero, originalQty: request.qty,
            qty: open ? request.qty - filled : .zero, ts: t0, fills: reported, totalFilled: filled, open: open)
    }

    @Test func aSubmittedOrderIsOpenWithoutAnExchangeIDUntilAcknowledged() {
        var tracker = OrderTracker()
        let client = tracker.submit(Self.approve(Self.request()))
        #expect(tracker.order(client)?.state == .submitted)
        #expect(tracker.openOrders(of: "a") == [OpenOrder(id: nil, request: Self.request())])
        let changes = tracker.acknowledge(client, with: Self.status(42, Self.request()))
        #expect(changes.updates == [StrategyOrderUpdate(strategyID: "a", update: .accepted(42, Self.request()), clientID: ClientOrderID(rawValue: 1))])
        #expect(changes.fills.isEmpty)
        #expect(tracker.order(client)?.state == .acknowledged)
        #expect(tracker.order(venue: Self.venue, id: 42)?.clientID == client)
        #expect(tracker.openOrders(of: "a") == [OpenOrder(id: 42, request: Self.request())])
    }

    /// Keys hash by order id alone; the venue still tells two orders with one id apart.
    @Test func theSameIDAtTwoVenuesIsTwoOrders() {
        var tracker = OrderTracker()
        let request = Self.request()
        let here = tracker.submit(Self.approve(request))
        let there = tracker.submit(Self.approve(request, at: "OTHEREX"))
        _ = tracker.acknowledge(here, with: Self.status(42, request))
        #expect(tracker.acknowledge(there, with: Self.status(42, request, at: "OTHEREX")).clashes.isEmpty)
        #expect(tracker.order(venue: Self.venue, id: 42)?.clientID == here)
        #expect(tracker.order(venue: "OTHEREX", id: 42)?.clientID == there)
        let closed = tracker.apply(Self.status(42, request, fills: [(5000, 10)], open: false, at: "OTHEREX"))
        #expect(closed.fills.map(\.id) == [FillID(venue: "OTHEREX", orderID: 42, index: 0)])
        #expect(tracker.order(there) == nil)
        #expect(tracker.order(here)?.state == .acknowledged)
        let filledHere = tracker.apply(Self.status(42, request, fills: [(5000, 4)]))
        #expect(filledHere.fills.map(\.id) == [FillID(venue: Self.venue, orderID: 42, index: 0)])
        #expect(filledHere.clashes.isEmpty)
    }

    @Test func reportsEachFillOnceAttributedToTheStrategy() {
        var tracker = OrderTracker()
        let request = Self.request(.buy, 10)
        let client = tracker.submit(Self.approve(request, by: "mm"))
        _ = tracker.acknowledge(client, with: Self.status(42, request))
        let first = tracker.apply(Self.status(42, request, fills: [(5000, 3)]))
        #expect(first.fills.count == 1)
        #expect(first.fills.first?.id == FillID(venue: Self.venue, orderID: 42, index: 0))
        #expect(first.fills.first?.strategyID == "mm")
        #expect(first.fills.first?.account == "EXB123")
        #expect(first.fills.first?.qty == 3)
        #expect(first.fills.first?.time == Self.t0)
        #expect(first.updates.isEmpty)
        #expect(tracker.order(client)?.state == .partlyFilled)
        #expect(tracker.apply(Self.status(42, request, fills: [(5000, 3)])).isEmpty)
        let second = tracker.apply(Self.status(42, request, fills: [(5000, 3), (4990, 2)]))
        #expect(second.fills.map(\.index) == [1])
        #expect(second.fills.first?.price == 4990)
        #expect(tracker.openOrders(of: "mm").first?.filled == 5)
    }

    @Test func anOlderReportAfterANewerOneYieldsNothing() {
        var tracker = OrderTracker()
        let request = Self.request()
        let client = tracker.submit(Self.approve(request))
        _ = tracker.acknowledge(client, with: Self.status(42, request))
        #expect(tracker.apply(Self.status(42, request, fills: [(5000, 3), (5000, 4)])).fills.count == 2)
        #expect(tracker.apply(Self.status(42, request, fills: [(5000, 3)])).isEmpty)
        #expect(tracker.apply(Self.status(42, request)).isEmpty)
        #expect(tracker.order(client)?.fillsSeen == 2)
    }

    @Test func aFullyFilledOrderClosesAsFilledAndIsThenRecognisedButSilent() {
        var tracker = OrderTracker()
        let request = Self.request(.sell, 5)
        let client = tracker.submit(Self.approve(request))
        _ = tracker.acknowledge(client, with: Self.status(42, request))
        let done = Self.status(42, request, fills: [(5000, 2), (5000, 3)], open: false)
        let changes = tracker.apply(done)
        #expect(changes.fills.map(\.index) == [0, 1])
        #expect(changes.updates == [StrategyOrderUpdate(strategyID: "a", update: .closed(42, request, filled: 5), clientID: ClientOrderID(rawValue: 1))])
        #expect(changes.finished.map(\.state) == [.filled])
        #expect(tracker.openOrders.isEmpty)
        #expect(tracker.order(client) == nil)
        #expect(tracker.apply(done).isEmpty)
    }

    @Test func aCancelledOrderClosesAsCancelledWithWhatFilled() {
        var tracker = OrderTracker()
        let request = Self.request()
        let client = tracker.submit(Self.approve(request))
        _ = tracker.acknowledge(client, with: Self.status(42, request, fills: [(5000, 3)]))
        let changes = tracker.apply(Self.status(42, request, fills: [(5000, 3)], open: false))
        #expect(changes.fills.isEmpty)
        #expect(changes.updates == [StrategyOrderUpdate(strategyID: "a", update: .closed(42, request, filled: 3), clientID: ClientOrderID(rawValue: 1))])
        #expect(changes.finished.first?.state == .cancelled)
        #expect(changes.finished.first?.filled == 3)
    }

    @Test func anAcknowledgementCarriesTheFillsAndCloseOfAnImmediateOrder() {
        var tracker = OrderTracker()
        let request = Self.request(.buy, 10, at: 5010, type: .immediateOrCancel)
        let client = tracker.submit(Self.approve(request))
        let changes = tracker.acknowledge(client, with: Self.status(7, request, fills: [(5010, 4)], open: false))
        #expect(changes.updates.map(\.update) == [.accepted(7, request), .closed(7, request, filled: 4)])
        #expect(changes.fills.map(\.qty) == [4])
        #expect(changes.finished.first?.state == .cancelled)
    }

    @Test func anExchangeRefusalRejectsTheOrderWithItsReason() {
        var tracker = OrderTracker()
        let client = tracker.submit(Self.approve(Self.request()))
        let changes = tracker.reject(client, reason: "EXCHANGE_REJECTED")
        #expect(changes.updates == [StrategyOrderUpdate(strategyID: "a", update: .rejected(Self.request(), reason: "EXCHANGE_REJECTED"), clientID: ClientOrderID(rawValue: 1))])
        #expect(changes.finished.map(\.state) == [.rejected])
        #expect(tracker.openOrders.isEmpty)
        #expect(tracker.reject(client, reason: "EXCHANGE_REJECTED").isEmpty)
    }

    @Test func reportsAnOrderItNeverPlacedAsUnknownUntilDismissed() {
        var tracker = OrderTracker()
        let foreign = Self.status(99, Self.request(), fills: [(5000, 1)])
        let changes = tracker.apply([foreign])
        #expect(changes.unknownOrders == [foreign])
        #expect(changes.fills.isEmpty)
        tracker.dismiss(foreign)
        #expect(tracker.apply(foreign).isEmpty)
    }

    @Test func anUnknownOutcomeIsClaimedFromTheAccountsOrders() {
        var tracker = OrderTracker()
        let request = Self.request()
        let client = tracker.submit(Self.approve(request))
        tracker.markOutcomeUnknown(client, at: Self.t0)
        #expect(tracker.order(client)?.outcomeUnknownSince == Self.t0)
        let listed = Self.status(42, request, fills: [(5000, 2)])
        let changes = tracker.applyAccountOrders([listed], venue: Self.venue, symbol: Self.symbol, requestedAt: Self.t0.advanced(byMilliseconds: 1))
        #expect(changes.updates.map(\.update) == [.accepted(42, request)])
        #expect(changes.fills.map(\.id) == [FillID(venue: Self.venue, orderID: 42, index: 0)])
        #expect(changes.unknownOrders.isEmpty)
        #expect(tracker.order(client)?.outcomeUnknownSince == nil)
        #expect(tracker.order(client)?.exchangeID == 42)
    }

    @Test func anUnknownOutcomeMissingFromTheAccountsOrdersWasNeverPlaced() {
        var tracker = OrderTracker()
        let client = tracker.submit(Self.approve(Self.request()))
        tracker.markOutcomeUnknown(client, at: Self.t0)
        let other = Self.status(41, Self.request(.sell, 10, at: 5100))
        let changes = tracker.applyAccountOrders([other], venue: Self.venue, symbol: nil, requestedAt: Self.t0.advanced(byMilliseconds: 30_000))
        #expect(changes.updates.map(\.update) == [.rejected(Self.request(), reason: OrderTracker.notPlacedReason)])
        #expect(changes.unknownOrders == [other])
        #expect(tracker.openOrders.isEmpty)
    }

    @Test func aListRequestedBeforeTheOutcomeBecameUnknownSettlesNothing() {
        var tracker = OrderTracker()
        let client = tracker.submit(Self.approve(Self.request()))
        tracker.markOutcomeUnknown(client, at: Self.t0.advanced(byMilliseconds: 5))
        let changes = tracker.applyAccountOrders([], venue: Self.venue, symbol: Self.symbol, requestedAt: Self.t0)
        #expect(changes.isEmpty)
        #expect(tracker.order(client)?.state == .submitted)
    }

    @Test func anOrderStillInFlightIsNeitherClaimedNorUnknownAndItsAckBringsItsFills() {
        var tracker = OrderTracker()
        let request = Self.request()
        let client = tracker.submit(Self.approve(request))
        let listed = Self.status(42, request, fills: [(5000, 1)])
        #expect(tracker.applyAccountOrders([listed], venue: Self.venue, symbol: nil, requestedAt: Self.t0).isEmpty)
        let changes = tracker.acknowledge(client, with: listed)
        #expect(changes.updates.map(\.update) == [.accepted(42, request)])
        #expect(changes.fills.count == 1)
    }

    @Test func anUnknownOutcomeWaitsWhileAnIdenticalOrderIsInFlight() {
        var tracker = OrderTracker()
        let request = Self.request()
        let lost = tracker.submit(Self.approve(request))
        tracker.markOutcomeUnknown(lost, at: Self.t0)
        let flying = tracker.submit(Self.approve(request))
        let listed = Self.status(42, request)
        let later = Self.t0.advanced(byMilliseconds: 30_000)
        #expect(tracker.applyAccountOrders([listed], venue: Self.venue, symbol: Self.symbol, requestedAt: later).isEmpty)
        #expect(tracker.acknowledge(flying, with: listed).updates.map(\.update) == [.accepted(42, request)])
        let settled = tracker.applyAccountOrders([listed], venue: Self.venue, symbol: Self.symbol, requestedAt: later)
        #expect(settled.updates.map(\.update) == [.rejected(request, reason: OrderTracker.notPlacedReason)])
        #expect(settled.finished.map(\.clientID) == [lost])
        #expect(tracker.openOrders.map(\.clientID) == [flying])
    }

    @Test func adoptingAnOpenOrderReportsOnlyFillsTheLedgerLacks() {
        var tracker = OrderTracker()
        let request = Self.request(.buy, 10)
        let found = Self.status(42, request, fills: [(5000, 1), (5000, 2), (4990, 3)])
        let changes = tracker.adopt(found, strategy: "mm", recordedFills: 2, at: Self.t0)
        #expect(changes.fills.map(\.index) == [2])
        #expect(changes.fills.first?.strategyID == "mm")
        #expect(changes.updates.isEmpty)
        #expect(tracker.openOrders(of: "mm") == [OpenOrder(id: 42, request: request, filled: 6)])
        let closing = tracker.apply(Self.status(42, request, fills: [(5000, 1), (5000, 2), (4990, 3)], open: false))
        #expect(closing.updates.map(\.update) == [.closed(42, request, filled: 6)])
    }

    @Test func adoptingAClosedOrderRecoversItsFillsSilently() {
        var tracker = OrderTracker()
        let found = Self.status(42, Self.request(), fills: [(5000, 4), (5000, 6)], open: false)
        let changes = tracker.adopt(found, strategy: "mm", recordedFills: 1, at: Self.t0)
        #expect(changes.fills.map(\.index) == [1])
        #expect(changes.updates.isEmpty)
        #expect(changes.finished.isEmpty)
        #expect(tracker.openOrders.isEmpty)
        #expect(tracker.apply(found).isEmpty)
    }

    @Test func listsOpenOrdersOldestFirstAsTheyComeAndGo() {
        var tracker = OrderTracker()
        let first = tracker.submit(Self.approve(Self.request(.buy, 1, at: 4990)))
        let second = tracker.submit(Self.approve(Self.request(.buy, 2, at: 4980), by: "b"))
        let third = tracker.submit(Self.approve(Self.request(.sell, 3, at: 5020)))
        _ = tracker.acknowledge(second, with: Self.status(8, Self.request(.buy, 2, at: 4980)))
        _ = tracker.reject(first, reason: "NO")
        let fourth = tracker.submit(Self.approve(Self.request(.sell, 4, at: 5030)))
        let adopted = Self.status(9, Self.request(.buy, 5, at: 4970))
        _ = tracker.adopt(adopted, strategy: "a", recordedFills: 0, at: Self.t0)
        _ = tracker.apply(Self.status(8, Self.request(.buy, 2, at: 4980), open: false))
        #expect(tracker.openOrders.map(\.clientID) == [third, fourth, ClientOrderID(rawValue: fourth.rawValue + 1)])
        #expect(tracker.openOrders(of: "a").map(\.request.qty) == [3, 4, 5])
        #expect(tracker.openOrders(of: "b").isEmpty)
        #expect(tracker.order(first) == nil && tracker.order(second) == nil)
        #expect(tracker.order(third)?.request.qty == 3)
        #expect(tracker.order(venue: Self.venue, id: 9)?.request.qty == 5)
    }

    @Test func givesTheRiskCheckerEveryStrategysOpenOrdersOldestFirstAndPositions() {
        var tracker = OrderTracker()
        let first = Self.request(.buy, 1, at: 4990)
        let second = Self.request(.sell, 2, at: 5020)
        let third = Self.request(.buy, 3, at: 4980)
        _ = tracker.submit(Self.approve(first, by: "a"))
        let acked = tracker.submit(Self.approve(second, by: "b"))
        _ = tracker.submit(Self.approve(third, by: "a"))
        _ = tracker.acknowledge(acked, with: Self.status(8, second))
        var portfolio = Portfolio()
        portfolio.apply(
            Fill(venue: Self.venue, account: "EXB123", symbol: Self.symbol, orderID: 1, index: 0, side: .buy, price: 5000,
                 qty: 4, time: Self.t0, strategyID: "a"))
        let exposure = RiskExposure(portfolio: portfolio, orders: tracker)
        let ranked = exposure.orders.sorted { $0.sequence < $1.sequence }
        #expect(ranked.map(\.strategyID) == ["a", "b", "a"])
        #expect(ranked.map(\.order) == [OpenOrder(id: nil, request: first), OpenOrder(id: 8, request: second), OpenOrder(id: nil, request: third)])
        #expect(exposure.openOrderCount(of: "a") == 2)
        #expect(exposure.position(of: "a", in: Self.symbol) == 4)
        #expect(exposure.openQuantity(of: "a", in: Self.symbol, side: .buy) == 4)
    }
}
