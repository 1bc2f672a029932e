@testable import StockFighter
import StrategyKit
import Testing
import Wire

/// The tickertape and executions feeds' messages, in the shapes the StockFighter API sends.
@Suite(.timeLimit(.minutes(10))) struct StreamMessageTests {
    static let received = Timestamp(nanoseconds: 1_700_000_000_123_456_789)

    static let tick = #"""
        {"ok":true,"quote":{"symbol":"FOOBAR","venue":"TESTEX","bid":5100,"ask":5125,"bidSize":392,"askSize":711,
        "bidDepth":2748,"askDepth":2237,"last":5125,"lastSize":52,"lastTrade":"2015-07-13T05:38:17.33640392Z",
        "quoteTime":"2015-07-13T05:38:17.33640392Z"}}
        """#

    static let execution = #"""
        {"ok":true,"account":"EXB123456","venue":"TESTEX","symbol":"FOOBAR",
        "order":{"ok":true,"symbol":"FOOBAR","venue":"TESTEX","direction":"buy","originalQty":10,"qty":6,"price":5000,
        "orderType":"limit","id":1235,"account":"EXB123456","ts":"2015-12-04T09:02:16.680986205Z",
        "fills":[{"price":5000,"qty":4,"ts":"2015-12-04T09:02:16.680986205Z"}],"totalFilled":4,"open":true},
        "standingId":1234,"incomingId":1235,"price":5000,"filled":4,"filledAt":"2015-12-04T09:02:16.680986205Z",
        "standingComplete":false,"incomingComplete":true}
        """#

    @Test func aTickertapeMessageIsTheTopOfTheBookAtTheQuotesTimeWithItsLastTrade() throws {
        let tick = try StockFighterStreamMessage.tickertape(Array(Self.tick.utf8), venue: "TESTEX", receivedAt: Self.received)
        let quoteTime = try #require(Timestamp(iso8601: "2015-07-13T05:38:17.33640392Z"))
        #expect(tick.book.symbol == "FOOBAR" && tick.book.venue == "TESTEX")
        #expect(tick.book.bids == [BookEntry(price: Price(cents: 5_100), qty: 392, isBuy: true)])
        #expect(tick.book.asks == [BookEntry(price: Price(cents: 5_125), qty: 711, isBuy: false)])
        #expect(tick.book.exchangeTime == quoteTime)
        #expect(tick.book.receivedTime == Self.received)
        #expect(tick.lastTrade == Trade(symbol: "FOOBAR", price: Price(cents: 5_125), qty: 52, time: quoteTime))
    }

    @Test func aTickWithoutAsksOrTradesHasAnEmptySideAndNoTrade() throws {
        let message = #"{"ok":true,"quote":{"symbol":"FOOBAR","venue":"TESTEX","bid":5100,"bidSize":10,"quoteTime":"2015-07-13T05:38:17Z"}}"#
        let tick = try StockFighterStreamMessage.tickertape(Array(message.utf8), venue: "TESTEX", receivedAt: Self.received)
        #expect(tick.book.asks.isEmpty)
        #expect(tick.book.bids.count == 1)
        #expect(tick.lastTrade == nil)
    }

    @Test func anExecutionMessageIsItsOrdersStatusAfterTheFill() throws {
        let status = try StockFighterStreamMessage.execution(Array(Self.execution.utf8))
        #expect(status.id == 1235)
        #expect(status.account == "EXB123456" && status.symbol == "FOOBAR" && status.venue == "TESTEX")
        #expect(status.fills.map(\.qty) == [4])
        #expect(status.fills.map(\.price) == [Price(cents: 5_000)])
        #expect(status.totalFilled == 4 && status.open)
    }

    @Test(arguments: [
        "", "not json", "[]", #"{"ok":false,"error":"no such venue"}"#, #"{"ok":true}"#, #"{"ok":true,"quote":{"bid":-1}}"#,
        #"{"ok":true,"quote":{"symbol":"FOOBAR","bid":5100"#, #"{"ok":true,"quote":{}}"#,
    ])
    func garbageIsAnErrorNeverACrash(message: String) {
        #expect(throws: JSONReadError.self) { try StockFighterStreamMessage.tickertape(Array(message.utf8), venue: "TESTEX", receivedAt: Self.received) }
        #expect(throws: JSONReadError.self) { try StockFighterStreamMessage.execution(Array(message.utf8)) }
    }
}
