import MatchingEngine
import StrategyKit
import Testing

@Suite(.timeLimit(.minutes(10))) struct OrderForgettingTests {
    private func at(_ nanoseconds: Int64) -> Timestamp { Timestamp(nanoseconds: nanoseconds) }

    /// A venue where order 1 rests (buy 10 at 100) and order 2 sells 4 into it at time 2 (closing),
    /// order 3 rests at time 3 and is cancelled at 4, and order 4, an IOC buy below every ask,
    /// closes unfilled at 5.
    private func venue() throws -> Exchange {
        var exchange = Exchange(venue: "TESTEX", symbols: ["FOOBAR"])
        try exchange.submit(symbol: "FOOBAR", account: "MAKER", side: .buy, type: .limit, price: 100, qty: 10, at: at(1))
        try exchange.submit(symbol: "FOOBAR", account: "TAKER", side: .sell, type: .limit, price: 100, qty: 4, at: at(2))
        try exchange.submit(symbol: "FOOBAR", account: "MAKER", side: .sell, type: .limit, price: 200, qty: 5, at: at(3))
        var events: [MatchEvent] = []
        exchange.cancel(3, at: at(4), into: &events)
        try exchange.submit(symbol: "FOOBAR", account: "TAKER", side: .buy, type: .immediateOrCancel, price: 50, qty: 1, at: at(5))
        return exchange
    }

    @Test func closedOrdersPastTheAgeAreForgottenAndOpenOnesKeepTheirFills() throws {
        var exchange = try venue()
        let before = try #require(exchange.status(1))
        #expect(exchange.forgetClosedOrders(in: ["FOOBAR"], closedBefore: at(5), keepingAtMost: 100) == 2)
        #expect(exchange.status(2) == nil && exchange.status(3) == nil && exchange.symbol(of: 2) == nil)
        #expect(exchange.status(1) == before && exchange.status(4)?.open == false)
        #expect(exchange.orders(of: "MAKER").map(\.id) == [1] && exchange.orders(of: "TAKER").map(\.id) == [4])
        var events: [MatchEvent] = []
        #expect(exchange.cancel(3, at: at(6), into: &events) == .unknownOrder)
        #expect(exchange.retained.orders == 2 && exchange.retained.fills == 1)
        #expect(exchange.validateInternalState().isEmpty)
        // The kept resting order still trades, and its earlier fill stays first.
        try exchange.submit(symbol: "FOOBAR", account: "TAKER", side: .sell, type: .limit, price: 100, qty: 6, at: at(7))
        let filled = try #require(exchange.status(1))
        #expect(!filled.open && filled.fills.map(\.qty) == [4, 6] && filled.totalFilled == 10)
        #expect(exchange.nextOrderID == 6 && exchange.validateInternalState().isEmpty)
    }

    @Test func beyondTheCountTheEarliestClosedAreForgottenFirst() throws {
        var exchange = try venue()
        // Closed: 2 at time 2, 3 at time 4, 4 at time 5; keeping two forgets order 2 only.
        #expect(exchange.forgetClosedOrders(in: ["FOOBAR"], closedBefore: .zero, keepingAtMost: 2) == 1)
        #expect(exchange.status(2) == nil && exchange.status(3) != nil && exchange.status(4) != nil)
        #expect(exchange.closedOrderCount("FOOBAR") == 2)
        #expect(exchange.forgetClosedOrders(in: ["FOOBAR"], closedBefore: .zero, keepingAtMost: 0) == 2)
        #expect(exchange.closedOrderCount("FOOBAR") == 0 && exchange.status(1)?.open == true)
        #expect(exchange.forgetClosedOrders(in: ["FOOBAR", "NOPE"], closedBefore: .zero, keepingAtMost: 0) == 0)
        #expect(exchange.validateInternalState().isEmpty)
    }

    @Test func idsKeepIncreasingAfterEveryOrderIsForgotten() throws {
        var exchange = Exchange(venue: "TESTEX", symbols: ["FOOBAR"], firstOrderID: 1_000)
        try exchange.submit(symbol: "FOOBAR", account: "A", side: .buy, type: .immediateOrCancel, price: 1, qty: 1, at: at(1))
        #expect(exchange.forgetClosedOrders(in: ["FOOBAR"], closedBefore: at(2), keepingAtMost: 0) == 1)
        #expect(exchange.orders(of: "A").isEmpty && exchange.retained.orders == 0)
        let next = try exchange.submit(symbol: "FOOBAR", account: "A", side: .buy, type: .limit, price: 1, qty: 1, at: at(3))
        #expect(next.id == 1_001 && exchange.status(1_001)?.open == true)
    }
}
