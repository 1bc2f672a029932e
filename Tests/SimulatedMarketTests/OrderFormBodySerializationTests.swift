import Foundation
@testable import SimulatedMarket
import Testing

/// `OrderFormBody.parse` against an oracle of Foundation's own: `JSONSerialization`, a JSON
/// parser apart from both `parse`'s byte-level reader and `JSONDecoder`, for every body of
/// `OrderFormBodyTests` that is valid JSON and names no member twice. Whatever `parse` reads,
/// the oracle reads the same members from; a member `parse` refuses has a value of the wrong
/// kind there; a body `parse` calls no JSON object is none there.
///
/// The bodies left out are those where JSON leaves the reading open or the exchange has always
/// been lenient, as `JSONDecoder` is: of a member named twice it keeps the first value (JSON
/// leaves the choice open, RFC 8259 §4; `JSONSerialization` keeps the last), and it checks only
/// the values it reads, so a body whose only fault is in a value it does not read (`"extra":007`)
/// is still read. `OrderFormBodyTests` holds those bodies to `JSONDecoder`.
@Suite(.timeLimit(.minutes(5))) struct OrderFormBodySerializationTests {
    /// What a body is made of, as `parse`'s outcome says it or as the oracle reads it.
    enum Reading: Equatable, CustomStringConvertible {
        /// Each member present: a string as `"text"`, a whole number within `Int64` as its
        /// digits, any other number as its value's text as a `Double` prints it, after `~`.
        case members([String: String])
        /// The first member (in `OrderFormBody`'s order) whose value is of the wrong kind.
        case wrongKind(String)
        case notAnObject

        /// `parse`'s outcome, its refusal told by its message.
        init(parsing body: [UInt8]) {
            do throws(APIFailure) {
                let read = try OrderFormBody.parse(body)
                var members: [String: String] = [:]
                for (name, path) in Members.strings { members[name] = read[keyPath: path].map { "\"\($0)\"" } }
                for (name, path) in Members.numbers {
                    members[name] = read[keyPath: path].map { number in number.integer.map(String.init) ?? "~" + number.text }
                }
                self = .members(members)
            } catch {
                let message = error.message
                if message.hasPrefix("Invalid "), let colon = message.firstIndex(of: ":") {
                    self = .wrongKind(String(message[message.index(message.startIndex, offsetBy: 8)..<colon]))
                } else {
                    self = .notAnObject
                }
            }
        }

        var description: String {
            switch self {
            case .members(let members): "members \(members.sorted { $0.key < $1.key })"
            case .wrongKind(let member): "wrong kind of \(member)"
            case .notAnObject: "not an object"
            }
        }
    }

    /// The members `OrderFormBody` reads, strings and numbers, and the order it checks them in.
    enum Members {
        static var strings: [(String, KeyPath<OrderFormBody, String?>)] {
            [
                ("account", \.account), ("venue", \.venue), ("stock", \.stock), ("symbol", \.symbol),
                ("direction", \.direction), ("orderType", \.orderType), ("type", \.type),
            ]
        }
        static var numbers: [(String, KeyPath<OrderFormBody, OrderFormBody.Number?>)] { [("price", \.price), ("qty", \.qty)] }
        static let order = ["account", "venue", "stock", "symbol", "price", "qty", "direction", "orderType", "type"]
    }

    /// The oracle: `body` as `JSONSerialization` reads it. A string member takes a string, a
    /// number member a number (not a boolean); `null` is as absent. Nil when its reading cannot
    /// decide: a number member at ±2^63, which it reads as the same `Double` whether its text was
    /// `Int64.min` or an integer beyond `Int64`.
    static func oracle(_ body: [UInt8]) -> Reading? {
        guard let object = try? JSONSerialization.jsonObject(with: Data(body)), let object = object as? [String: Any] else {
            return .notAnObject
        }
        var members: [String: String] = [:]
        for name in Members.order {
            guard let value = object[name], !(value is NSNull) else { continue }
            let isString = Members.strings.contains { $0.0 == name }
            if !isString, let number = value as? NSNumber, abs(number.doubleValue) == 0x1p63 { return nil }
            guard let text = isString ? Self.string(value) : Self.number(value) else { return .wrongKind(name) }
            members[name] = text
        }
        return .members(members)
    }

    static func string(_ value: Any) -> String? {
        guard !(value is NSNumber), let text = value as? String else { return nil }
        return "\"\(text)\""
    }

    /// A number's digits when it is whole and within `Int64`, else `~` and its `Double`'s text;
    /// nil for anything else, a boolean included.
    static func number(_ value: Any) -> String? {
        guard let number = value as? NSNumber, !(value is String) else { return nil }
        switch String(cString: number.objCType) {
        case "c": return nil
        case "d", "f":
            // A number JSONSerialization made a Double: one with a fraction or an exponent, or
            // an integer beyond 64 bits.
            let double = number.doubleValue
            return Int64(exactly: double).map(String.init) ?? "~" + String(describing: double)
        case "Q" where number.uint64Value > UInt64(Int64.max): return "~" + String(describing: number.doubleValue)
        default: return String(number.int64Value)
        }
    }

    /// Whether `body` is valid JSON and names each member of `OrderFormBody` at most once.
    static func isComparable(_ body: [UInt8]) throws -> Bool {
        guard (try? JSONSerialization.jsonObject(with: Data(body), options: .fragmentsAllowed)) != nil else { return false }
        let text = String(decoding: body, as: UTF8.self)
        for name in Members.order where text.matches(of: try Regex("\"\(name)\"\\s*:")).count > 1 { return false }
        return true
    }

    @Test func everyBodyReadsAsJSONSerializationReadsIt() throws {
        var kinds: [String: Int] = [:]
        for body in OrderFormBodyTests.allBodies where try !body.isEmpty && Self.isComparable(body) {
            guard let oracle = Self.oracle(body) else { continue }
            let parsed = Reading(parsing: body)
            #expect(parsed == oracle, "\(String(decoding: body, as: UTF8.self))")
            switch parsed {
            case .members: kinds["members", default: 0] += 1
            case .wrongKind: kinds["wrongKind", default: 0] += 1
            case .notAnObject: kinds["notAnObject", default: 0] += 1
            }
        }
        // The table reaches every outcome, and members read and refused many times.
        #expect(kinds.count == 3 && kinds["members", default: 0] > 1_000 && kinds["wrongKind", default: 0] > 100, "\(kinds)")
    }
}
