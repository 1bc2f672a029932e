import APIClient
@testable import StockFighter
import StrategyKit
import Testing
import Wire

/// Runs the invoker's envelope check and `command`'s decoder on a body.
func decode<C: ExchangeCommand>(_ command: C, _ body: String, status: Int = 200, at receivedAt: Timestamp = .zero)
    throws(ExchangeError) -> C.Result
{
    try CommandInvoker.decode(
        command, TransportResponse(status: status, body: Array(body.utf8)), context: DecodeContext(receivedAt: receivedAt))
}

let foobarBook = GetOrderBook(venue: "TESTEX", symbol: "FOOBAR")
let received = Timestamp(nanoseconds: 1_700_000_000_123_456_789)

@Suite(.timeLimit(.minutes(10))) struct DecodingTests {
    @Test(arguments: Fixtures.books.map(\.name))
    func orderBookMatchesJSONDecoderOracle(name: String) throws {
        let body = try #require(Fixtures.books.first { $0.name == name }).body
        let fast = try decode(foobarBook, body, at: received)
        let oracle = try Oracle.book(body, receivedAt: received)
        #expect(fast == oracle)
    }

    @Test func orderBookKeepsEntriesInServerOrderWithTheirSides() throws {
        let book = try decode(foobarBook, Fixtures.book, at: received)
        #expect(book.bids.map(\.price) == [5200, 5100])
        #expect(book.bids.allSatisfy { $0.isBuy })
        #expect(book.asks == [BookEntry(price: 5250, qty: 3, isBuy: false)])
        #expect(book.exchangeTime == Timestamp(nanoseconds: 1_449_219_736_680_986_205))
        #expect(book.receivedTime == received)
    }

    @Test func orderBookReadsNullSidesAsEmpty() throws {
        let book = try decode(foobarBook, #"{"ok":true,"venue":"TESTEX","symbol":"FOOBAR","bids":null,"asks":null,"ts":"2015-12-04T09:02:16Z"}"#)
        #expect(book.bids.isEmpty && book.asks.isEmpty)
    }

    @Test(arguments: [
        ("2015-12-04T09:02:16Z", Int64(0)), ("2015-12-04T09:02:16.6Z", 600_000_000), ("2015-12-04T09:02:16.68Z", 680_000_000),
        ("2015-12-04T09:02:16.680986Z", 680_986_000), ("2015-12-04T09:02:16.680986205Z", 680_986_205),
        ("2015-12-04T09:02:16.6809862059Z", 680_986_205),
    ])
    func orderBookTimeAcceptsAnySubSecondPrecision(ts: String, fraction: Int64) throws {
        let book = try decode(foobarBook, #"{"ok":true,"venue":"TESTEX","symbol":"FOOBAR","bids":[],"asks":[],"ts":"\#(ts)"}"#)
        #expect(book.exchangeTime.nanoseconds == 1_449_219_736_000_000_000 + fraction)
    }

    @Test(arguments: Fixtures.orders.map(\.name))
    func orderMatchesJSONDecoderOracle(name: String) throws {
        let body = try #require(Fixtures.orders.first { $0.name == name }).body
        let fast = try decode(GetOrderStatus(venue: "TESTEX", symbol: "FOOBAR", id: 1), body)
        #expect(fast == (try Oracle.order(body)))
    }

    @Test func orderListMatchesJSONDecoderOracle() throws {
        let command = ListAccountOrders(venue: "TESTEX", account: "EXB123456")
        let fast = try decode(command, Fixtures.orderList)
        #expect(fast.count == Fixtures.orders.count)
        #expect(fast == (try Oracle.orderList(Fixtures.orderList)))
    }

    @Test func orderListReadsEmptyAndNullAsNoOrders() throws {
        let command = ListAccountStockOrders(venue: "TESTEX", account: "EXB123456", symbol: "FOOBAR")
        #expect(try decode(command, Fixtures.emptyOrderList).isEmpty)
        #expect(try decode(command, Fixtures.nullOrderList).isEmpty)
        #expect(try Oracle.orderList(Fixtures.nullOrderList).isEmpty)
    }

    @Test func orderReadsTypeWhenOrderTypeIsAbsentAndPrefersOrderType() throws {
        let command = GetOrderStatus(venue: "TESTEX", symbol: "FOOBAR", id: 3)
        let typed = try decode(command, Fixtures.orders[1].body)
        #expect(typed.type == .fillOrKill)
        let both = Fixtures.order.replacingOccurrences(of: #""orderType":"limit""#, with: #""type":"market","orderType":"limit""#)
        #expect(try decode(command, both).type == .limit)
    }

    @Test func orderSpecExampleDecodesEveryField() throws {
        let order = try decode(PlaceOrder(venue: "TESTEX", account: "EXB123456", symbol: "FOOBAR", side: .buy, price: 5100, qty: 100), Fixtures.order)
        #expect(order.id == 12345 && order.side == .buy && order.type == .limit && order.price == 5100)
        #expect(order.originalQty == 100 && order.qty == 20 && order.totalFilled == 80 && order.open)
        #expect(order.fills.map(\.qty) == [50, 30])
        #expect(order.fills[0].ts == Timestamp(iso8601: "2015-07-05T22:16:18.100Z"))
    }

    @Test func orderWithoutTotalFilledSumsItsFills() throws {
        let body = Fixtures.order.replacingOccurrences(of: #""totalFilled":80,"#, with: "")
        #expect(try decode(GetOrderStatus(venue: "TESTEX", symbol: "FOOBAR", id: 1), body).totalFilled == 80)
    }

    @Test func orderMissingARequiredFieldIsUndecodableNamingIt() {
        let body = Fixtures.order.replacingOccurrences(of: #""direction":"buy","#, with: "")
        #expect(throws: ExchangeError.self) { try decode(GetOrderStatus(venue: "TESTEX", symbol: "FOOBAR", id: 1), body) }
        do {
            _ = try decode(GetOrderStatus(venue: "TESTEX", symbol: "FOOBAR", id: 1), body)
        } catch {
            guard case .undecodable(let what) = error else { Issue.record("got \(error)"); return }
            #expect(what.contains("direction"))
        }
    }

    @Test func quoteDecodesEveryField() throws {
        let quote = try decode(GetQuote(venue: "TESTEX", symbol: "FOOBAR"), Fixtures.quote)
        #expect(quote.bid == 5100 && quote.ask == 5125 && quote.bidSize == 392 && quote.askSize == 711)
        #expect(quote.bidDepth == 2748 && quote.askDepth == 2237 && quote.last == 5125 && quote.lastSize == 52)
        #expect(quote.lastTrade == Timestamp(iso8601: "2015-07-13T05:38:17.336403920Z"))
        #expect(quote.quoteTime == quote.lastTrade)
    }

    @Test func quoteLeavesAbsentFieldsNilAndDefaultsSizesAndTime() throws {
        let bare = try decode(GetQuote(venue: "TESTEX", symbol: "FOOBAR"), Fixtures.bareQuote)
        #expect(bare.bid == nil && bare.ask == nil && bare.last == nil && bare.lastSize == nil && bare.lastTrade == nil)
        let minimal = try decode(GetQuote(venue: "TESTEX", symbol: "FOOBAR"), #"{"ok":true}"#, at: received)
        #expect(minimal.bidDepth == .zero && minimal.quoteTime == received && minimal.symbol == "FOOBAR")
    }

    @Test func stockListAndVenueHeartbeatDecode() throws {
        let stocks = try decode(ListStocks(venue: "TESTEX"), #"{"ok":true,"symbols":[{"name":"Foreign Owned Occluded Bridge Architecture Resources","symbol":"FOOBAR"}]}"#)
        #expect(stocks == [StockListing(symbol: "FOOBAR", name: "Foreign Owned Occluded Bridge Architecture Resources")])
        #expect(try decode(VenueHeartbeat(venue: "TESTEX"), #"{"ok":true,"venue":"TESTEX"}"#) == "TESTEX")
        try decode(Heartbeat(), #"{"ok":true,"error":""}"#)
    }

    @Test func placeOrderBodyIsTheAPIsJSON() throws {
        let place = PlaceOrder(venue: "TESTEX", account: "EXB\"1", symbol: "FOOBAR", side: .sell, type: .immediateOrCancel, price: 5100, qty: 100)
        let body = String(decoding: try #require(place.body), as: UTF8.self)
        #expect(body == #"{"account":"EXB\"1","venue":"TESTEX","stock":"FOOBAR","price":5100,"qty":100,"direction":"sell","orderType":"immediate-or-cancel"}"#)
        #expect(place.path == "/venues/TESTEX/stocks/FOOBAR/orders" && place.method == .post && place.requiresKey)
    }

    @Test func aSubPennyLimitGoesOutOnTheCentTickAwayFromTheMarket() {
        let buy = PlaceOrder(venue: "TESTEX", account: "EXB1", symbol: "FOOBAR", side: .buy, price: Price(units: 510_075), qty: 1)
        var sell = buy
        sell.side = .sell
        #expect(buy.wirePrice == 5_100 && sell.wirePrice == 5_101)
        #expect(PlaceOrder(venue: "TESTEX", account: "EXB1", symbol: "FOOBAR", side: .sell, price: 5_100, qty: 1).wirePrice == 5_100)
    }

    @Test func pathsFollowTheAPIAndEscapeOddSegments() {
        #expect(CancelOrder(venue: "TESTEX", symbol: "FOOBAR", id: 12).path == "/venues/TESTEX/stocks/FOOBAR/orders/12")
        #expect(CancelOrder(venue: "TESTEX", symbol: "FOOBAR", id: 12).method == .delete)
        #expect(ListAccountStockOrders(venue: "TESTEX", account: "EXB123456", symbol: "FOOBAR").path
            == "/venues/TESTEX/accounts/EXB123456/stocks/FOOBAR/orders")
        #expect(GetQuote(venue: "TEST EX", symbol: "A/B").path == "/venues/TEST%20EX/stocks/A%2FB/quote")
        #expect(!GetOrderBook(venue: "TESTEX", symbol: "FOOBAR").requiresKey)
    }
}
