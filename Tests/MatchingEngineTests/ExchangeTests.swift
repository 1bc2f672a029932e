import MatchingEngine
import StrategyKit
import Testing

@Suite(.timeLimit(.minutes(10))) struct ExchangeTests {
    var exchange = Exchange(venue: "TESTEX", symbols: ["FOOBAR", "BARFOO", "FOOBAR"])
    let time = Timestamp(nanoseconds: 5)

    @Test mutating func orderIDsIncreaseAcrossTheVenuesBooksAndOrdersAreFoundByIDAlone() throws {
        #expect(exchange.symbols == ["FOOBAR", "BARFOO"])
        let first = try exchange.submit(symbol: "FOOBAR", account: "A1", side: .buy, type: .limit, price: 100, qty: 1, at: time)
        let second = try exchange.submit(symbol: "BARFOO", account: "A1", side: .sell, type: .limit, price: 200, qty: 2, at: time)
        #expect(first.id == 1 && second.id == 2 && exchange.nextOrderID == 3)
        #expect(exchange.symbol(of: second.id) == "BARFOO")
        #expect(exchange.status(second.id)?.symbol == "BARFOO")
        var events: [MatchEvent] = []
        #expect(exchange.cancel(second.id, at: time, into: &events) == .cancelled(qty: 2))
        #expect(exchange.cancel(99, at: time, into: &events) == .unknownOrder)
        #expect(exchange.status(99) == nil && exchange.symbol(of: 0) == nil)
    }

    @Test mutating func aRefusedOrderConsumesNoID() throws {
        #expect(throws: MatchingError.nonPositiveQuantity(0)) {
            try exchange.submit(symbol: "FOOBAR", account: "A1", side: .buy, type: .limit, price: 100, qty: 0, at: time)
        }
        #expect(throws: MatchingError.unknownSymbol("NOPE")) {
            try exchange.submit(symbol: "NOPE", account: "A1", side: .buy, type: .limit, price: 100, qty: 1, at: time)
        }
        #expect(exchange.nextOrderID == 1)
        #expect(exchange.quote("NOPE", at: time) == nil && !exchange.lists("NOPE"))
    }

    @Test mutating func accountOrderListsHoldOnlyThatAccountsOrdersOldestFirst() throws {
        try exchange.submit(symbol: "FOOBAR", account: "A1", side: .buy, type: .limit, price: 100, qty: 1, at: time)
        try exchange.submit(symbol: "FOOBAR", account: "B2", side: .sell, type: .limit, price: 100, qty: 1, at: time)
        try exchange.submit(symbol: "BARFOO", account: "A1", side: .buy, type: .market, price: 0, qty: 1, at: time)
        #expect(exchange.orders(of: "A1").map(\.id) == [1, 3])
        #expect(exchange.orders(of: "A1", symbol: "BARFOO").map(\.id) == [3])
        #expect(exchange.orders(of: "A1", symbol: "NOPE").isEmpty)
        #expect(exchange.orders(of: "B2").first?.fills.first?.price == 100)
        #expect(exchange.account(of: 2) == "B2")
        #expect(exchange.validateInternalState().isEmpty)
    }
}
