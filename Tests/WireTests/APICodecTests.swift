import StrategyKit
import Testing
import Wire

/// The API's order and book objects: the bytes the simulated exchange writes are pinned, and
/// what it writes the client reads back unchanged.
@Suite(.timeLimit(.minutes(10))) struct APICodecTests {
    static let order = OrderStatus(
        id: OrderID(42), venue: Venue("TESTEX"), symbol: Symbol("FOO\"BAR"), account: Account("EXB123\n"), side: .sell,
        type: .fillOrKill, price: Price(cents: 5_100), originalQty: Quantity(shares: 100), qty: Quantity(shares: 40),
        ts: Timestamp(nanoseconds: 1_449_219_736_680_986_205),
        fills: [
            OrderFill(price: Price(cents: 5_100), qty: Quantity(shares: 50), ts: Timestamp(nanoseconds: 1_449_219_736_000_000_001)),
            OrderFill(price: Price(cents: 5_101), qty: Quantity(shares: 10), ts: Timestamp(nanoseconds: 1_449_219_737_000_000_000)),
        ],
        totalFilled: Quantity(shares: 60), open: true)

    static let orderBytes = #"{"ok":true,"symbol":"FOO\"BAR","venue":"TESTEX","direction":"sell","originalQty":100,"qty":40,"price":5100,"#
        + #""orderType":"fill-or-kill","id":42,"account":"EXB123\n","ts":"2015-12-04T09:02:16.680986205Z","fills":["#
        + #"{"price":5100,"qty":50,"ts":"2015-12-04T09:02:16.000000001Z"},{"price":5101,"qty":10,"ts":"2015-12-04T09:02:17.000000000Z"}],"#
        + #""totalFilled":60,"open":true}"#

    @Test func anOrderIsWrittenInTheExchangesOwnBytes() {
        var writer = JSONWriter(style: .shortEscapes)
        APIOrderCodec.write(Self.order, ok: true, to: &writer)
        #expect(String(decoding: writer.bytes, as: UTF8.self) == Self.orderBytes)
    }

    @Test(arguments: [Self.order, closedWithoutFills])
    func anOrderWrittenIsReadBackUnchanged(order: OrderStatus) throws {
        var writer = JSONWriter(style: .shortEscapes)
        APIOrderCodec.writeList(venue: order.venue, orders: [order, order], to: &writer)
        let read = try writer.bytes.withUnsafeBytes { bytes throws(JSONReadError) in
            try APIOrderCodec.decodeList(bytes, defaults: .init())
        }
        #expect(read == [order, order])
    }

    static let closedWithoutFills = OrderStatus(
        id: OrderID(Int64.max), venue: Venue("V"), symbol: Symbol("S"), account: Account("A"), side: .buy, type: .limit,
        price: Price(cents: 0), originalQty: Quantity(shares: 1), qty: Quantity(shares: 0), ts: Timestamp(nanoseconds: 0),
        fills: [], totalFilled: Quantity(shares: 0), open: false)

    @Test func anOrderFilledBeyondItsQuantityIsRefusedNamingTheField() {
        let body = #"{"id":1,"venue":"V","symbol":"S","account":"A","direction":"buy","orderType":"limit","price":1,"#
            + #""originalQty":5,"qty":0,"ts":"2015-12-04T09:02:16Z","fills":[{"price":1,"qty":6,"ts":"2015-12-04T09:02:16Z"}],"open":false}"#
        let result = Array(body.utf8).withUnsafeBytes { bytes in
            Result { () throws(JSONReadError) in try APIOrderCodec.decodeDocument(bytes, defaults: .init()) }
        }
        #expect(throws: JSONReadError.refused("order at byte 0: fills: 6 shares filled, more than originalQty 5")) { try result.get() }
    }

    static let bids = [BookEntry(price: Price(cents: 5_000), qty: Quantity(shares: 10), isBuy: true)]
    static let asks = [
        BookEntry(price: Price(cents: 5_100), qty: Quantity(shares: 1), isBuy: false),
        BookEntry(price: Price(cents: 5_200), qty: Quantity(shares: 1_000_000_000), isBuy: false),
    ]

    @Test func aBookIsWrittenInTheExchangesOwnBytesAndReadBack() throws {
        var writer = JSONWriter(style: .shortEscapes)
        APIBookCodec.writePrefix(venue: Venue("TESTEX"), symbol: Symbol("FOOBAR"), bids: Self.bids, asks: Self.asks, to: &writer)
        writer.timestamp(Timestamp(nanoseconds: 1_449_219_736_680_986_205))
        writer.raw("}")
        #expect(String(decoding: writer.bytes, as: UTF8.self)
            == #"{"ok":true,"venue":"TESTEX","symbol":"FOOBAR","bids":[{"price":5000,"qty":10,"isBuy":true}],"#
            + #""asks":[{"price":5100,"qty":1,"isBuy":false},{"price":5200,"qty":1000000000,"isBuy":false}],"#
            + #""ts":"2015-12-04T09:02:16.680986205Z"}"#)
        let book = try writer.bytes.withUnsafeBytes { bytes throws(JSONReadError) in
            try APIBookCodec.decode(bytes, venue: Venue("OTHER"), symbol: Symbol("OTHER"), receivedAt: Timestamp(nanoseconds: 7))
        }
        #expect(book == BookSnapshot(
            venue: Venue("TESTEX"), symbol: Symbol("FOOBAR"), bids: Self.bids, asks: Self.asks,
            exchangeTime: Timestamp(nanoseconds: 1_449_219_736_680_986_205), receivedTime: Timestamp(nanoseconds: 7), sequence: 0))
    }

    @Test func aBookPriceOutOfRangeIsRefusedNamingTheEntry() {
        let body = #"{"bids":null,"asks":[{"price":1,"qty":1},{"price":10000001,"qty":1}],"ts":"2015-12-04T09:02:16Z"}"#
        let result = Array(body.utf8).withUnsafeBytes { bytes in
            Result { () throws(JSONReadError) in
                try APIBookCodec.decode(bytes, venue: Venue("V"), symbol: Symbol("S"), receivedAt: Timestamp(nanoseconds: 0))
            }
        }
        #expect(throws: JSONReadError.refused("order book: asks[1].price: 10000001 is out of range 0...10000000")) { try result.get() }
    }
}
