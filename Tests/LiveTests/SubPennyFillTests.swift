import Foundation
import Ledger
import Live
import Risk
import StrategyKit
import Testing
import TestSupport
import Trading
import TradingTestSupport

/// A fill at a sub-penny price (a price improvement, a midpoint execution) is booked at its exact
/// price: the ledger line, the portfolio's position and cash, and realized P&L all hold it to
/// $0.0001, and the ledger reads back and verifies with the same figures.
@Suite(.timeLimit(.minutes(10))) struct SubPennyFillTests {
    @Test func aSubPennyRoundTripIsExactInTheLedgerThePortfolioAndThePnL() throws {
        let scratch = try TemporaryDirectory()
        defer { scratch.remove() }
        let path = scratch.file("fills.jsonl")
        let ledger = try LedgerWriter(path: path, venue: "TESTEX", account: "EXB123456", durability: .never)
        let strategy = ScriptedStrategy()
        let engine = try RepeatedFillReportTests.engine(strategy, ledger: ledger)
        let buyAt = Price(units: 50_0125)  // $50.0125
        let sellAt = Price(units: 50_0350)  // $50.035
        let intents: [[Intent]] = [
            [.place(OrderRequest(symbol: "FOOBAR", side: .buy, price: 5_010, qty: 10, tag: "b"))],
            [.place(OrderRequest(symbol: "FOOBAR", side: .sell, price: 5_000, qty: 10, tag: "s"))],
        ]
        for (step, (side, price)) in [(Side.buy, buyAt), (.sell, sellAt)].enumerated() {
            let now = Int64(10 * step + 1)
            strategy.onBookIntents = { _, _ in intents[step] }
            let sent = try engine.handle(.book(EngineHarness.book(at: now)))
            strategy.onBookIntents = { _, _ in [] }
            guard case .place(let client, let order)? = sent.first else {
                Issue.record("expected a place action, got \(sent)")
                return
            }
            let fill = OrderFill(price: price, qty: 10, ts: EngineHarness.time(now + 1))
            _ = try engine.handle(.placed(
                client, EngineHarness.status(id: OrderID(70 + Int64(step)), side: side, price: order.request.price, fills: [fill], open: false),
                at: EngineHarness.time(now + 1)))
        }
        try ledger.close()

        // Bought 10 at 50.0125 and sold 10 at 50.035: 0.0225 a share, $0.225 in all.
        let pnl = engine.portfolio.pnl(of: "s1")
        #expect(pnl.realized == Money(units: 2_250))
        #expect(pnl.realized.description == "0.225")
        #expect(engine.portfolio.cash(of: "s1") == Money(units: 2_250))
        #expect(engine.portfolio.position(of: "s1", in: "FOOBAR") == Position(quantity: 0, costBasis: .zero, realizedPnL: Money(units: 2_250)))

        let entries = try LedgerReader.entries(in: path)
        #expect(entries.map(\.fill.price) == [buyAt, sellAt])
        #expect(entries.map(\.cashAfter) == [Money(units: -5_001_250), Money(units: 2_250)])
        #expect(entries.map(\.realizedAfter) == [.zero, Money(units: 2_250)])
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(text.contains(#""price":500125,"qty":10"#) && text.contains(#""price":500350,"qty":10"#))
        let verification = try LedgerVerification(path: path)
        #expect(verification.firstFault == nil)
        #expect(verification.summary.realizedPnL == 2_250)
    }

    @Test func aSubDollarPositionCostsAndIsValuedToTheTenThousandth() throws {
        let position = Position.flat.applying(side: .buy, price: Price(units: 9_999), qty: 3)
        #expect(position.costBasis == Money(units: 29_997))
        #expect(position.averageCost == Price(units: 9_999))
        #expect(position.averageCost?.description == "0.9999")
        #expect(position.unrealizedPnL(markedAt: Price(cents: 100)) == Money(units: 3))
    }
}
