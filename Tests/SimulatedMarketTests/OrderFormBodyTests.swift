@testable import SimulatedMarket
import Testing

/// `OrderFormBody.parse`'s fast path against `JSONDecoder` (`OrderFormBody.decoded`, the
/// exchange's reading of a place-order body before the byte-level fast path) as the oracle: a
/// body the fast path reads has the members `JSONDecoder` reads, for every body, valid or
/// hostile (`parse` hands every other body to `JSONDecoder` itself, so comparing `parse` with
/// it would compare that code with itself; `OrderFormBodySerializationTests` checks `parse`
/// against `JSONSerialization`).
@Suite(.timeLimit(.minutes(5))) struct OrderFormBodyTests {
    static let canonical =
        #"{"account":"EXB123456","venue":"TESTEX","stock":"FOOBAR","price":5010,"qty":1,"direction":"buy","orderType":"limit"}"#

    /// Values of every kind for any member: strings plain, escaped, non-ASCII and broken;
    /// numbers whole, fractional, with exponents, at and past `Int64`'s bounds, with leading
    /// zeros; literals, containers, nested junk.
    static let values = [
        #""EXB123456""#, #""""#, #""buy""#, #""limit""#, #""a\"b""#, #""\u0041BC""#, #""\ud83d\ude00""#, #""\ud83d""#,
        #""é""#, "\"\u{1}\"", #""tab\there""#, #""unterminated"#, #""\x""#, "0", "1", "-1", "-0", "12", "5010", "007",
        "12.5", "12.0", "1e3", "1E3", "1e-3", "-5", "1.", ".5", "+1", "9223372036854775807", "9223372036854775808",
        "-9223372036854775808", "-9223372036854775809", "100000000000000000000", "5000000000000000000", "1000000000000",
        "true", "false", "null", "nul", "[]", "[1,2]", "{}", #"{"a":{"b":[1,{"c":null}]}}"#, "[[[[[[[[[[]]]]]]]]]]", "NaN",
        "Infinity", #""12""#, "12 ", " 12", "12abc", "0x10",
    ]

    static let members = ["account", "venue", "stock", "symbol", "price", "qty", "direction", "orderType", "type", "extra"]

    /// Whole bodies the member-by-member table does not make.
    static let wholeBodies = [
        "", " ", "not json", "[1,2]", "null", "12", #""text""#, "{}", " { } ", "{", "}", "{,}", #"{"account"}"#,
        #"{"account":}"#, #"{"account":"A",}"#, #"{"account":"A""#, #"{"account":"A"} x"#, #"{"account":"A"}{}"#,
        #"{"account":"A"}   "#, "\t\r\n{\"account\" :\n\"A\" , \"qty\"\t: 3}\n", #"{'account':'A'}"#, #"{account:"A"}"#,
        #"{"acc\u006funt":"A","qty":1}"#, #"{"account":"A","account":"B"}"#, #"{"qty":1,"qty":2}"#, #"{"qty":1,"qty":2.5}"#,
        #"{"qty":2.5,"qty":1}"#, #"{"qty":"x","qty":1}"#, #"{"orderType":"limit","type":"market"}"#,
        #"{"account":"A","extra":1,"extra":2}"#, "\u{FEFF}{\"account\":\"A\"}", #"{"account":"A"}"#.replacingOccurrences(of: "A", with: "\u{0}"),
        "{\"account\":\"\u{7F}\"}", #"{"":1}"#, #"{"price":5010,"qty":1,"direction":"buy","orderType":"limit","account":"A"}"#,
        #"{"account":"EXB123456","price":100,"qty":1,"direction":"buy""#, String(repeating: "[", count: 600),
        "{\"a\":" + String(repeating: "[", count: 70) + String(repeating: "]", count: 70) + "}",
    ]

    /// The canonical body with `member` set to `value` (replacing it, or added at the end).
    static func body(_ member: String, _ value: String) -> String {
        let prefix = "\"\(member)\":"
        guard let range = canonical.range(of: prefix) else { return String(canonical.dropLast()) + ",\(prefix)\(value)}" }
        let valueEnd = canonical[range.upperBound...].firstIndex { $0 == "," || $0 == "}" }!
        return canonical.replacingCharacters(in: range.upperBound..<valueEnd, with: value)
    }

    /// Every body of the tables, and the canonical one with each byte deleted, doubled, or
    /// replaced by a byte that matters to JSON.
    static var allBodies: [[UInt8]] {
        var bodies = wholeBodies.map { Array($0.utf8) }
        for member in members {
            for value in values { bodies.append(Array(body(member, value).utf8)) }
            bodies.append(Array((String(canonical.dropLast()) + ",\"\(member)\":\"dup\"}").utf8))
            bodies.append(Array((String(canonical.dropLast()) + ",\"\(member)\":7}").utf8))
        }
        let bytes = Array(canonical.utf8)
        for index in bytes.indices {
            var deleted = bytes
            deleted.remove(at: index)
            var doubled = bytes
            doubled.insert(bytes[index], at: index)
            bodies += [deleted, doubled]
            for replacement in Array(#"{}[],:" \-.e0a"#.utf8) + [0x00, 0x7F, 0xC3, 0xFF] {
                var replaced = bytes
                replaced[index] = replacement
                bodies.append(replaced)
            }
        }
        return bodies
    }

    /// The members, or the 400's status and message.
    enum Outcome: Equatable {
        case members(OrderFormBody)
        case refused(Int, String)

        init(_ read: () throws(APIFailure) -> OrderFormBody) {
            do throws(APIFailure) {
                self = .members(try read())
            } catch {
                self = .refused(error.status, error.message)
            }
        }
    }

    @Test func everyBodyTheFastPathReadsReadsAsJSONDecoderReadsIt() {
        let bodies = Self.allBodies.filter { !$0.isEmpty }
        var plain = 0
        for body in bodies {
            guard let fast = OrderFormBody.parsedPlainly(body) else { continue }
            plain += 1
            let oracle = Outcome { () throws(APIFailure) in try OrderFormBody.decoded(body) }
            #expect(oracle == .members(fast), "\(String(decoding: body, as: UTF8.self))")
        }
        // The table exercises both ways: the plain reading and the hand-over to JSONDecoder.
        #expect(plain > 100)
        #expect(bodies.count - plain > 1_000)
    }

    @Test(arguments: [
        canonical,
        #"{"account":"A","venue":"TESTEX","symbol":"FOOBAR","price":0,"qty":9223372036854775807,"direction":"sell","type":"market"}"#,
        " {\n \"qty\" : -12 , \"price\":-9223372036854775808 }\t",
        "{}",
    ])
    func plainBodiesTakeTheFastPath(body: String) {
        #expect(OrderFormBody.parsedPlainly(Array(body.utf8)) != nil)
    }

    /// Of a member named twice the exchange keeps the first value, as `JSONDecoder` does (JSON
    /// leaves the choice open); the fast path leaves such a body to `JSONDecoder`.
    @Test func duplicateMembersKeepTheFirstValueAsJSONDecoderDoes() throws {
        let body = Array(#"{"account":"FIRST","qty":1,"account":"LAST","qty":2}"#.utf8)
        #expect(OrderFormBody.parsedPlainly(body) == nil)
        var first = OrderFormBody()
        first.account = "FIRST"
        first.qty = OrderFormBody.Number(integer: 1)
        #expect(try OrderFormBody.parse(body) == first)
    }
}
