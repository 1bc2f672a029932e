import SimulatedMarket
@testable import StockFighter
import StrategyKit
import Testing

/// Numbers no exchange should send, fed to every decoder of the client: each is refused with an
/// `undecodable` error naming the field, or read as a value within the accepted range; none
/// traps. Prices are accepted in 0...10_000_000 cents ($100,000) and quantities in
/// 0...1_000_000_000 (a fill's quantity from 1).
@Suite(.timeLimit(.minutes(10))) struct HostileNumberTests {
    /// One response shape: a body with `{field}` placeholders and the valid value of each.
    struct Shape: Sendable, CustomStringConvertible {
        var name: String
        var template: String
        var fields: [(name: String, valid: String, lowest: Int64)]
        var decode: @Sendable (String) throws(ExchangeError) -> Void

        var description: String { name }

        func body(_ overrides: [String: String]) -> String {
            fields.reduce(template) { text, field in
                text.replacingOccurrences(of: "{\(field.name)}", with: overrides[field.name] ?? field.valid)
            }
        }
    }

    static let book = Shape(
        name: "order book",
        template: #"{"ok":true,"venue":"TESTEX","symbol":"FOOBAR","bids":[{"price":5100,"qty":1,"isBuy":true},{"price":{bids[1].price},"qty":{bids[1].qty},"isBuy":true}],"asks":[{"price":{asks[0].price},"qty":{asks[0].qty},"isBuy":false}],"ts":"2015-12-04T09:02:16Z"}"#,
        fields: [("bids[1].price", "5000", 0), ("bids[1].qty", "10", 0), ("asks[0].price", "5200", 0), ("asks[0].qty", "3", 0)],
        decode: { body throws(ExchangeError) in _ = try decode(foobarBook, body) })

    static let quote = Shape(
        name: "quote",
        template: #"{"ok":true,"symbol":"FOOBAR","venue":"TESTEX","bid":{bid},"ask":{ask},"bidSize":{bidSize},"askSize":{askSize},"bidDepth":{bidDepth},"askDepth":{askDepth},"last":{last},"lastSize":{lastSize},"lastTrade":"2015-07-13T05:38:17.33640392Z","quoteTime":"2015-07-13T05:38:17.33640392Z"}"#,
        fields: [
            ("bid", "5100", 0), ("ask", "5200", 0), ("bidSize", "10", 0), ("askSize", "20", 0), ("bidDepth", "100", 0),
            ("askDepth", "200", 0), ("last", "5150", 0), ("lastSize", "5", 0),
        ],
        decode: { body throws(ExchangeError) in _ = try decode(GetQuote(venue: "TESTEX", symbol: "FOOBAR"), body) })

    static let orderTemplate = #"{"symbol":"FOOBAR","venue":"TESTEX","direction":"buy","originalQty":{originalQty},"qty":{qty},"price":{price},"orderType":"limit","id":12345,"account":"EXB123456","ts":"2015-07-05T22:16:18Z","fills":[{"price":{fills[0].price},"qty":{fills[0].qty},"ts":"2015-07-05T22:16:18.1Z"}],"totalFilled":{totalFilled},"open":true}"#
    static let orderFields: [(name: String, valid: String, lowest: Int64)] = [
        ("originalQty", "1000000000", 50), ("qty", "20", 0), ("price", "5100", 0), ("fills[0].price", "5050", 0),
        ("fills[0].qty", "50", 1), ("totalFilled", "50", 0),
    ]

    static let order = Shape(
        name: "order status", template: #"{"ok":true,"# + orderTemplate.dropFirst(), fields: orderFields,
        decode: { body throws(ExchangeError) in _ = try decode(GetOrderStatus(venue: "TESTEX", symbol: "FOOBAR", id: 12345), body) })

    static let orderList = Shape(
        name: "order list", template: #"{"ok":true,"venue":"TESTEX","orders":["# + orderTemplate + "]}", fields: orderFields,
        decode: { body throws(ExchangeError) in _ = try decode(ListAccountOrders(venue: "TESTEX", account: "EXB123456"), body) })

    static let shapes = [book, quote, order, orderList]

    /// Integers refused wherever a price or a quantity belongs, with an error naming the field.
    static let outOfRange = ["9223372036854775807", "-9223372036854775808", "-1", "1000000001", "5000000000000000000"]

    /// Valid JSON of another kind, or an integer beyond 64 bits: refused as undecodable.
    static let wrongKind = [
        "99999999999999999999999999999999", "-99999999999999999999999999999999", "1e3", "1.5", "-0.0",
        #""100""#, "true", "null", "[]", "{}",
    ]

    /// Not JSON at all: refused before any field is read, by the check of the whole response.
    static let malformed = ["0100", "", "+1", "0x10", "1_000", "NaN", "--1"]

    @Test(arguments: shapes)
    func theValidTemplateDecodes(shape: Shape) throws {
        try shape.decode(shape.body([:]))
    }

    @Test(arguments: shapes)
    func everyNumberOutOfRangeIsRefusedNamingItsField(shape: Shape) {
        for field in shape.fields {
            for value in Self.outOfRange {
                let body = shape.body([field.name: value])
                do throws(ExchangeError) {
                    try shape.decode(body)
                    Issue.record("\(shape.name): \(field.name) = \(value) was accepted")
                } catch {
                    guard case .undecodable(let message) = error, message.contains(field.name) else {
                        Issue.record("\(shape.name): \(field.name) = \(value): \(error) does not name the field")
                        continue
                    }
                }
            }
        }
    }

    @Test(arguments: shapes)
    func malformedNumbersAndOtherKindsAreRefused(shape: Shape) {
        for field in shape.fields {
            for value in Self.malformed + Self.wrongKind where !(value == "null" && shape.name == "quote") {
                #expect(throws: ExchangeError.self, "\(shape.name): \(field.name) = \(value)") {
                    try shape.decode(shape.body([field.name: value]))
                }
            }
        }
    }

    @Test(arguments: shapes)
    func theBoundsThemselvesAreAccepted(shape: Shape) throws {
        for field in shape.fields {
            // Prices go up to Price.maxAccepted in cents, quantities to Quantity.maxAccepted.
            let isPrice = field.name.hasSuffix("price") || ["bid", "ask", "last"].contains(field.name)
            // The fills' total must stay within the order's quantity.
            var overrides = [field.name: isPrice ? "10000000" : "1000000000"]
            if field.name == "fills[0].qty" || field.name == "totalFilled" {
                overrides["fills[0].qty"] = "1000000000"
                overrides["totalFilled"] = "1000000000"
            }
            try shape.decode(shape.body(overrides))
            try shape.decode(shape.body([field.name: String(field.lowest)]))
        }
    }

    @Test func fillsAddingUpToMoreThanTheOrderAreRefused() {
        let fills = (0..<12).map { _ in #"{"price":5000,"qty":1000000000,"ts":"2015-07-05T22:16:18.1Z"}"# }.joined(separator: ",")
        let body = #"{"ok":true,"symbol":"FOOBAR","venue":"TESTEX","direction":"buy","originalQty":1000000000,"qty":0,"price":5100,"orderType":"limit","id":1,"account":"EXB123456","ts":"2015-07-05T22:16:18Z","fills":["# + fills + #"],"open":false}"#
        #expect {
            try decode(GetOrderStatus(venue: "TESTEX", symbol: "FOOBAR", id: 1), body)
        } throws: { error in
            guard case ExchangeError.undecodable(let message) = error else { return false }
            return message.contains("fills") && message.contains("originalQty")
        }
    }

    @Test func aTotalFilledAboveTheOrderIsRefused() {
        #expect {
            try Self.order.decode(Self.order.body(["originalQty": "100", "totalFilled": "101"]))
        } throws: { error in
            guard case ExchangeError.undecodable(let message) = error else { return false }
            return message.contains("totalFilled")
        }
    }

    @Test(arguments: ["9999-12-31T23:59:59Z", "0000-01-01T00:00:00Z", "2262-04-12T00:00:00Z", "1677-09-21T00:00:00Z"])
    func timesBeyondSixtyFourBitsOfNanosecondsAreRefused(time: String) {
        let body = #"{"ok":true,"venue":"TESTEX","symbol":"FOOBAR","bids":[],"asks":[],"ts":"\#(time)"}"#
        #expect(throws: ExchangeError.self) { try decode(foobarBook, body) }
    }

    /// Random mutations of valid bodies (digits, signs and punctuation overwritten, bytes cut):
    /// each decodes to values within range or throws; a trap would end the test process. The
    /// unmangled body decodes, and for each shape both ways are taken many times (the seeds are
    /// fixed, so the counts are too), so that a decoder refusing everything cannot pass.
    @Test(arguments: [UInt64(1), 2, 3])
    func randomlyMangledBodiesDecodeWithinRangeOrThrow(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        let pieces = ["9", "-", "0", "1e9", ".", "\"", "99999999999", "null", ",", "}", "]"]
        for shape in Self.shapes {
            try Self.checkRanges(of: shape, shape.body([:]))
            let valid = Array(shape.body([:]).utf8)
            var decoded = 0
            var refused = 0
            for _ in 0..<2_000 {
                var bytes = valid
                for _ in 0..<Int(random.next() % 4 + 1) {
                    let at = Int(random.next() % UInt64(bytes.count))
                    let piece = Array(pieces[Int(random.next() % UInt64(pieces.count))].utf8)
                    bytes.replaceSubrange(at..<min(bytes.count, at + Int(random.next() % 3)), with: piece)
                }
                let body = String(decoding: bytes, as: UTF8.self)
                do throws(ExchangeError) {
                    try Self.checkRanges(of: shape, body)
                    decoded += 1
                } catch {
                    refused += 1
                }
            }
            #expect(decoded >= 100, "\(shape): only \(decoded) of 2,000 mangled bodies decoded (seed \(seed))")
            #expect(refused >= 100, "\(shape): only \(refused) of 2,000 mangled bodies refused (seed \(seed))")
        }
    }

    /// Decodes `body` as `shape` and records an issue for any price or quantity out of range.
    static func checkRanges(of shape: Shape, _ body: String) throws(ExchangeError) {
        let inRange: (Int64) -> Bool = { (0...1_000_000_000).contains($0) }
        switch shape.name {
        case "order book":
            let book = try decode(foobarBook, body)
            for entry in book.bids + book.asks where !inRange(entry.price.units) || !inRange(entry.qty.shares) {
                Issue.record("order book entry out of range: \(entry) from \(body)")
            }
        case "quote":
            let quote = try decode(GetQuote(venue: "TESTEX", symbol: "FOOBAR"), body)
            let numbers = [quote.bid?.units, quote.ask?.units, quote.last?.units, quote.lastSize?.shares, quote.bidSize.shares]
                + [quote.askSize.shares, quote.bidDepth.shares, quote.askDepth.shares]
            for number in numbers.compactMap({ $0 }) where !inRange(number) {
                Issue.record("quote number out of range: \(number) from \(body)")
            }
        default:
            let orders = shape.name == "order list"
                ? try decode(ListAccountOrders(venue: "TESTEX", account: "EXB123456"), body)
                : [try decode(GetOrderStatus(venue: "TESTEX", symbol: "FOOBAR", id: 12345), body)]
            for order in orders {
                let numbers = [order.price.units, order.originalQty.shares, order.qty.shares, order.totalFilled.shares]
                    + order.fills.flatMap { [$0.price.units, $0.qty.shares] }
                for number in numbers where !inRange(number) {
                    Issue.record("order number out of range: \(number) from \(body)")
                }
            }
        }
    }
}
