import Risk
import StrategyKit
import Testing
import TestSupport
import Trading
import TradingTestSupport

/// Books and order reports with numbers no exchange should send, built directly and fed to the
/// engine (the decoders refuse them at the edge; this is what happens past it). The engine
/// answers with actions or a typed error; it never traps.
@Suite(.timeLimit(.minutes(10))) struct HostileInputEngineTests {
    /// Numbers at the edges of what `Int64` holds and of what the SDK and the risk limits accept;
    /// with them, prices a book may sanely have ($50.00, and $10,000.00 and a cent more: the
    /// default notional limit for the strategy's 10 shares, and past it), so that some books are
    /// bid on and the limits are met at their edge.
    static let extremes: [Int64] = [
        .max, .min, .max - 1, .min + 1, 0, -1, 1, 1_000_000_000, 1_000_000_001, 5_000_000_000_000_000_000,
        -5_000_000_000_000_000_000, 500_000, 100_000_000, 100_000_100,
    ]

    static func value(_ random: inout SplitMix64) -> Int64 {
        random.next() % 3 == 0 ? random.int(in: .min ... .max) : extremes[Int(random.next() % UInt64(extremes.count))]
    }

    static func entries(_ random: inout SplitMix64, isBuy: Bool) -> [BookEntry] {
        (0..<Int(random.next() % 4)).map { _ in
            BookEntry(price: Price(units: value(&random)), qty: Quantity(shares: value(&random)), isBuy: isBuy)
        }
    }

    /// A strategy that uses every figure the SDK derives from a book and bids at the mid.
    static func bidAtTheMid(_ book: BookSnapshot, _ context: StrategyContext) -> [Intent] {
        let touch = book.touch(excluding: context.openOrders(book.symbol))
        _ = (book.spread, book.microPrice, touch.microPrice, book.depth(.buy), book.depth(.sell), book.touch)
        guard let mid = book.mid ?? touch.mid else { return [] }
        return [.place(OrderRequest(symbol: book.symbol, side: .buy, price: mid, qty: 10, tag: "mid"))]
    }

    @Test(arguments: [UInt64(1), 2, 3])
    func extremeBooksGiveActionsWithinTheLimits(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        let harness = try EngineHarness()
        harness.strategy.onBookIntents = Self.bidAtTheMid
        var placed = 0
        for step in 1...400 {
            let book = BookSnapshot.fixture(
                bidEntries: Self.entries(&random, isBuy: true), askEntries: Self.entries(&random, isBuy: false),
                exchangeTime: EngineHarness.time(Int64(step)), receivedTime: EngineHarness.time(Int64(step)), sequence: UInt64(step))
            for action in try harness.engine.handle(.book(book)) {
                guard case .place(_, let order) = action else { continue }
                placed += 1
                let (notional, overflow) = order.request.price.units.multipliedReportingOverflow(by: order.request.qty.shares)
                #expect(!overflow && notional <= RiskLimits.defaults.maxNotionalPerOrder.units, "approved \(order.request)")
            }
        }
        // Some books are sane enough to bid on: the check above is not vacuous.
        #expect(placed > 0, "no order approved on seed \(seed)")
    }

    @Test func anOrderFilledAtTheLimitsIsValuedAtTheLimits() throws {
        var limits = RiskLimits.defaults
        limits.maxNotionalPerOrder = Money(units: .max)
        limits.priceCollarBasisPoints = 10_000
        let harness = try EngineHarness(limits: limits)
        let topCents: Int64 = 10_000_000
        let top = Price(cents: topCents)
        harness.strategy.onBookIntents = { _, _ in [.place(OrderRequest(symbol: "FOOBAR", side: .buy, price: top, qty: 10, tag: "top"))] }
        let actions = try harness.engine.handle(.book(EngineHarness.book(at: 1, bid: topCents, ask: topCents)))
        harness.strategy.onBookIntents = { _, _ in [] }
        guard case .place(let client, _)? = actions.first else {
            Issue.record("expected a place action, got \(actions)")
            return
        }
        let fill = OrderFill(price: top, qty: 10, ts: EngineHarness.time(2))
        _ = try harness.engine.handle(
            .placed(client, EngineHarness.status(id: 7, price: top, qty: 10, fills: [fill], open: false), at: EngineHarness.time(2)))
        _ = try harness.engine.handle(.book(EngineHarness.book(at: 3, bid: topCents, ask: topCents)))
        #expect(harness.journal.fills.map(\.price) == [top])
    }

    @Test func fillsReportedBeyondSixtyFourBitsLeaveTheTrackedTotalAtItsBound() {
        var tracker = OrderTracker()
        let request = OrderTrackerTests.request(.buy, 10)
        let client = tracker.submit(OrderTrackerTests.approve(request))
        _ = tracker.acknowledge(client, with: OrderTrackerTests.status(42, request))
        let fills = [Int64.max, 1].enumerated().map { index, shares in
            OrderFill(price: 5000, qty: Quantity(shares: shares), ts: OrderTrackerTests.t0.advanced(byMilliseconds: Int64(index)))
        }
        let status = OrderStatus(
            id: 42, venue: OrderTrackerTests.venue, symbol: request.symbol, account: "EXB123", side: .buy, type: .limit,
            price: request.price, originalQty: request.qty, qty: .zero, ts: OrderTrackerTests.t0, fills: fills,
            totalFilled: request.qty, open: true)
        let changes = tracker.apply(status)
        #expect(changes.fills.count == 2)
        #expect(tracker.openOrders(of: "a").first?.filled == Quantity(shares: .max))
    }
}
