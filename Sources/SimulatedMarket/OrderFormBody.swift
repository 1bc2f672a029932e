import FoundationEssentials
import Wire

/// The members of a place-order body as sent, before any check: what `OrderForm` validates.
///
/// `parse` reads the bodies clients send (distinct known members, plain ASCII strings, integer
/// numbers) with the byte-level `JSONReader`, and hands every other body to `JSONDecoder`, whose
/// result or refusal (the 400's message) it has always been: a body read the fast way is one
/// `JSONDecoder` reads to the same members, so the exchange answers every body as before.
struct OrderFormBody: Decodable, Equatable {
    var account: String?
    var venue: String?
    var stock: String?
    var symbol: String?
    var price: Number?
    var qty: Number?
    var direction: String?
    var orderType: String?
    var type: String?

    /// A JSON number as sent: its value when it is a whole number that fits `Int64`, and its
    /// text for the refusal when it is not (the fraction is never used as a quantity or price).
    struct Number: Decodable, Equatable {
        var integer: Int64?
        var text: String

        init(integer: Int64) {
            self.integer = integer
            text = String(integer)
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            if let integer = try? container.decode(Int64.self) {
                self.integer = integer
                text = String(integer)
            } else {
                integer = nil
                text = String(describing: try container.decode(Double.self))
            }
        }
    }

    /// The members of `body` (not empty), or 400 with `JSONDecoder`'s account of the fault.
    static func parse(_ body: [UInt8]) throws(APIFailure) -> OrderFormBody {
        if let fields = parsedPlainly(body) { return fields }
        return try decoded(body)
    }

    /// `body` as `JSONDecoder` reads it: the members, or 400 naming the member whose value has
    /// the wrong type, or saying the body is not a JSON object.
    static func decoded(_ body: [UInt8]) throws(APIFailure) -> OrderFormBody {
        do {
            return try JSONDecoder().decode(OrderFormBody.self, from: Data(body))
        } catch {
            throw .badRequest(describe(error))
        }
    }

    /// The members of a body in the plain form, or nil for any other body: an object (with
    /// whitespace anywhere JSON allows it) of distinct, unescaped members of this type, each
    /// string an unescaped ASCII one, each number an integer without fraction or exponent that
    /// fits `Int64`; nothing after the object but whitespace.
    static func parsedPlainly(_ body: [UInt8]) -> OrderFormBody? {
        body.withUnsafeBytes { bytes -> OrderFormBody? in
            var reader = JSONReader(bytes)
            var fields = OrderFormBody()
            var seen: UInt16 = 0
            do throws(JSONReadError) {
                guard reader.peek() == UInt8(ascii: "{") else { return nil }
                try reader.readObject { reader, key throws(JSONReadError) in
                    guard !key.isEscaped, let member = Member(key), seen & member.bit == 0 else { throw .refused("not plain") }
                    seen |= member.bit
                    try fields.read(member, from: &reader)
                }
                try reader.expectEnd()
            } catch {
                return nil
            }
            return fields
        }
    }

    /// The members `parsedPlainly` reads.
    private enum Member: UInt16 {
        case account, venue, stock, symbol, price, qty, direction, orderType, type

        var bit: UInt16 { 1 << rawValue }

        init?(_ key: JSONRawString) {
            switch key.bytes.count {
            case 3 where key.equals("qty"): self = .qty
            case 4 where key.equals("type"): self = .type
            case 5 where key.equals("venue"): self = .venue
            case 5 where key.equals("stock"): self = .stock
            case 5 where key.equals("price"): self = .price
            case 6 where key.equals("symbol"): self = .symbol
            case 7 where key.equals("account"): self = .account
            case 9 where key.equals("direction"): self = .direction
            case 9 where key.equals("orderType"): self = .orderType
            default: return nil
            }
        }
    }

    private mutating func read(_ member: Member, from reader: inout JSONReader) throws(JSONReadError) {
        switch member {
        case .account: account = try Self.plainString(&reader)
        case .venue: venue = try Self.plainString(&reader)
        case .stock: stock = try Self.plainString(&reader)
        case .symbol: symbol = try Self.plainString(&reader)
        case .direction: direction = try Self.plainString(&reader)
        case .orderType: orderType = try Self.plainString(&reader)
        case .type: type = try Self.plainString(&reader)
        case .price: price = try Self.plainInteger(&reader)
        case .qty: qty = try Self.plainInteger(&reader)
        }
    }

    /// An unescaped ASCII string; throws for any other value.
    private static func plainString(_ reader: inout JSONReader) throws(JSONReadError) -> String {
        guard reader.peek() == UInt8(ascii: "\"") else { throw .refused("not a string") }
        let raw = try reader.rawString()
        guard !raw.isEscaped, raw.isASCII else { throw .refused("not plain") }
        return String(decoding: raw.bytes, as: UTF8.self)
    }

    /// An integer that fits `Int64`, without fraction or exponent; throws for any other value.
    private static func plainInteger(_ reader: inout JSONReader) throws(JSONReadError) -> Number {
        let next = reader.peek()
        guard next == UInt8(ascii: "-") || next &- UInt8(ascii: "0") < 10 else { throw .refused("not a number") }
        return Number(integer: try reader.int64())
    }

    /// Names the member whose value has the wrong type, or says the body is not a JSON object.
    private static func describe(_ error: any Error) -> String {
        let context: DecodingError.Context
        switch error as? DecodingError {
        case let .typeMismatch(_, found)?, let .valueNotFound(_, found)?, let .dataCorrupted(found)?: context = found
        default: return "The body is not a valid JSON object."
        }
        guard let key = context.codingPath.last else { return "The body is not a valid JSON object." }
        return "Invalid \(key.stringValue): \(context.debugDescription)"
    }
}
