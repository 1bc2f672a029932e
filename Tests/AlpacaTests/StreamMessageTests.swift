@testable import Alpaca
import StrategyKit
import Testing
import Wire

/// Alpaca's market-data and account streams' messages, in the shapes its documentation gives.
@Suite(.timeLimit(.minutes(10))) struct StreamMessageTests {
    static let received = Timestamp(nanoseconds: 1_700_000_000_123_456_789)

    func marketData(_ text: String) throws -> [AlpacaMarketDataMessage] {
        try AlpacaMarketDataMessage.decode(Array(text.utf8), venue: "IEX", receivedAt: Self.received)
    }

    @Test func controlMessagesCarryTheirTextCodesAndSubscription() throws {
        #expect(try marketData(#"[{"T":"success","msg":"connected"}]"#) == [.success("connected")])
        #expect(try marketData(#"[{"T":"error","code":402,"msg":"auth failed"}]"#) == [.error(code: 402, message: "auth failed")])
        let subscription = try marketData(#"""
            [{"T":"subscription","trades":["AAPL"],"quotes":["AMD","CLDR"],"bars":["*"],"updatedBars":[],"dailyBars":[],
            "statuses":[],"lulds":[],"corrections":[],"cancelErrors":[]}]
            """#)
        guard case .subscription(let channels)? = subscription.first else {
            Issue.record("expected a subscription, got \(subscription)")
            return
        }
        #expect(channels["trades"] == ["AAPL"] && channels["quotes"] == ["AMD", "CLDR"] && channels["bars"] == ["*"])
        #expect(channels["statuses"] == [])
    }

    @Test func tradesQuotesAndBarsAreReadExactlyInOneFrame() throws {
        let messages = try marketData(#"""
            [{"T":"t","S":"AAPL","i":96921,"x":"V","p":126.55,"s":1,"c":["@","I"],"t":"2021-02-22T15:51:44.208Z","z":"C"},
             {"T":"q","S":"AMD","bx":"U","bp":87.66,"bs":1,"ax":"Q","ap":87.6812,"as":4,"c":["R"],"t":"2021-02-22T15:51:45.335689322Z","z":"C"},
             {"T":"b","S":"SPY","o":388.985,"h":389.13,"l":388.975,"c":389.12,"v":49378,"t":"2021-02-22T19:15:00Z","n":461,"vw":389.062639}]
            """#)
        #expect(messages.count == 3)
        let tradeTime = try #require(Timestamp(iso8601: "2021-02-22T15:51:44.208Z"))
        #expect(messages[0] == .trade(Trade(symbol: "AAPL", price: dollars("126.55"), qty: 1, time: tradeTime)))
        guard case .quote(let book) = messages[1] else {
            Issue.record("expected a quote, got \(messages[1])")
            return
        }
        #expect(book.symbol == "AMD" && book.venue == "IEX")
        #expect(book.bids == [BookEntry(price: dollars("87.66"), qty: 1, isBuy: true)])
        #expect(book.asks == [BookEntry(price: dollars("87.6812"), qty: 4, isBuy: false)])
        #expect(book.exchangeTime == Timestamp(iso8601: "2021-02-22T15:51:45.335689322Z"))
        #expect(book.receivedTime == Self.received)
        guard case .bar(let symbol, let bar) = messages[2] else {
            Issue.record("expected a bar, got \(messages[2])")
            return
        }
        #expect(symbol == "SPY" && bar.close == dollars("389.12") && bar.open == dollars("388.985"))
    }

    @Test func aQuoteWithoutAnAskHasAnEmptySideAndAnUnknownKindIsNamed() throws {
        let messages = try marketData(#"[{"T":"q","S":"AMD","bp":87.66,"bs":3,"t":"2021-02-22T15:51:45Z"},{"T":"s","S":"AMD","sc":"H"}]"#)
        guard case .quote(let book)? = messages.first else {
            Issue.record("expected a quote, got \(messages)")
            return
        }
        #expect(book.asks.isEmpty && book.bids.count == 1)
        #expect(messages.last == .other("s"))
    }

    @Test(arguments: [
        "", "{}", "[{}]", #"[{"T":"t","S":"AAPL"}]"#, #"[{"T":"q","bp":1,"t":"2021-02-22T15:51:45Z"}]"#,
        #"[{"T":"t","S":"AAPL","p":1e400,"t":"2021-02-22T15:51:44.208Z"}]"#, #"[{"T":"error","msg":"x"}]"#, "[{\"T\":\"t\"",
    ])
    func garbageOnTheMarketDataStreamIsAnErrorNeverACrash(frame: String) {
        #expect(throws: JSONReadError.self) { try marketData(frame) }
    }

    static let fill = #"""
        {"stream":"trade_updates","data":{"event":"partial_fill","execution_id":"e-1","timestamp":"2021-03-16T18:38:02.1Z",
        "price":"179.08","qty":"4","position_qty":"104","order":\#(DecodingTests.order)}}
        """#

    @Test func tradeUpdatesCarryTheOrderAndAFillsExecutionExactly() throws {
        guard case .tradeUpdate(let update) = try AlpacaTradeUpdateMessage.decode(Array(Self.fill.utf8)) else {
            Issue.record("expected a trade update")
            return
        }
        #expect(update.event == "partial_fill")
        #expect(update.executionID == "e-1")
        #expect(update.price == dollars("179.08"))
        #expect(update.qty == 4 && update.positionQty == 104)
        #expect(update.order.id == "61e69015-8549-4bfd-b9c3-01e75843f47d" && update.order.filledQty == 4)
        let canceled = #"{"stream":"trade_updates","data":{"event":"canceled","timestamp":"2021-03-16T18:39:00Z","order":\#(DecodingTests.order)}}"#
        guard case .tradeUpdate(let cancel) = try AlpacaTradeUpdateMessage.decode(Array(canceled.utf8)) else {
            Issue.record("expected a trade update")
            return
        }
        #expect(cancel.event == "canceled" && cancel.price == nil && cancel.qty == nil)
    }

    @Test func authorizationAndListeningAreTold() throws {
        let authorized = #"{"stream":"authorization","data":{"status":"authorized","action":"authenticate"}}"#
        let refused = #"{"stream":"authorization","data":{"status":"unauthorized","action":"authenticate"}}"#
        let listening = #"{"stream":"listening","data":{"streams":["trade_updates"]}}"#
        #expect(try AlpacaTradeUpdateMessage.decode(Array(authorized.utf8)) == .authorization(authorized: true))
        #expect(try AlpacaTradeUpdateMessage.decode(Array(refused.utf8)) == .authorization(authorized: false))
        #expect(try AlpacaTradeUpdateMessage.decode(Array(listening.utf8)) == .listening(["trade_updates"]))
    }

    @Test(arguments: [
        "", "[]", #"{"stream":"trade_updates"}"#, #"{"stream":"trade_updates","data":{"event":"fill"}}"#,
        #"{"stream":"trade_updates","data":{"event":"fill","price":"1.2.3","order":{}}}"#, #"{"data":{}}"#,
    ])
    func garbageOnTheAccountStreamIsAnErrorNeverACrash(frame: String) {
        #expect(throws: JSONReadError.self) { try AlpacaTradeUpdateMessage.decode(Array(frame.utf8)) }
    }
}
