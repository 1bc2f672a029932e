/// A byte-level parser of one ledger line (without its newline) into a `LedgerLine`.
///
/// It accepts any JSON object whose members are the format's (in any order, with any JSON
/// whitespace and string escapes) plus members it does not know, which it skips. Integers must
/// be written as JSON integers (no fraction or exponent) and fit in 64 bits.
struct LedgerLineParser {
    let bytes: UnsafeRawBufferPointer
    var index = 0
    var scratch: [UInt8] = []

    private init(_ bytes: UnsafeRawBufferPointer) { self.bytes = bytes }

    /// Parses `bytes` or says why they are not a ledger line.
    static func parse(_ bytes: UnsafeRawBufferPointer, into line: inout LedgerLine) -> LineFault? {
        var parser = LedgerLineParser(bytes)
        return parser.parseObject(into: &line)
    }

    private static let quote = UInt8(ascii: "\"")
    private static let backslash = UInt8(ascii: "\\")

    mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"), UInt8(ascii: "\n"): index += 1
            default: return
            }
        }
    }

    private mutating func expect(_ byte: UInt8, _ what: String) -> LineFault? {
        skipWhitespace()
        guard index < bytes.count, bytes[index] == byte else { return notJSON("expected \(what)") }
        index += 1
        return nil
    }

    func notJSON(_ expected: String) -> LineFault {
        .notJSON(index < bytes.count ? "\(expected) at column \(index + 1)" : "\(expected) at the end of the line")
    }

    private mutating func parseObject(into line: inout LedgerLine) -> LineFault? {
        if let fault = expect(UInt8(ascii: "{"), "'{'") { return fault }
        var seen: UInt32 = 0
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
            index += 1
        } else {
            while true {
                if let fault = expect(LedgerLineParser.quote, "a member name") { return fault }
                var key = 0..<0
                if let fault = readString(&key) { return fault }
                let member = withKey(key) { LedgerLine.Member(key: $0) }
                if let fault = expect(UInt8(ascii: ":"), "':'") { return fault }
                skipWhitespace()
                if let member {
                    guard seen & member.bit == 0 else { return .badValue(field: member.name, why: "appears twice") }
                    seen |= member.bit
                    if let fault = parseValue(of: member, into: &line) { return fault }
                } else if let fault = skipValue(depth: 0) {
                    return fault
                }
                skipWhitespace()
                guard index < bytes.count else { return notJSON("expected ',' or '}'") }
                let separator = bytes[index]
                index += 1
                if separator == UInt8(ascii: "}") { break }
                guard separator == UInt8(ascii: ",") else {
                    index -= 1
                    return notJSON("expected ',' or '}'")
                }
            }
        }
        skipWhitespace()
        guard index == bytes.count else { return notJSON("unexpected characters after the object") }
        guard seen == LedgerLine.Member.all else {
            let missing = LedgerLine.Member.allCases.first { seen & $0.bit == 0 }!
            return .missingField(missing.name)
        }
        return nil
    }

    /// Calls `body` with a key's characters: the raw bytes, or the decoded ones when escaped.
    private func withKey<R>(_ range: Range<Int>, _ body: (UnsafeRawBufferPointer) -> R) -> R {
        if range.lowerBound < 0 {
            return scratch.withUnsafeBytes(body)
        }
        return body(UnsafeRawBufferPointer(rebasing: bytes[range]))
    }

    private mutating func parseValue(of member: LedgerLine.Member, into line: inout LedgerLine) -> LineFault? {
        pendingFault = nil
        switch member {
        case .seq:
            guard let value = integer(member), value >= 1 else { return badInteger(member, "a positive integer") }
            line.sequence = UInt64(value)
        case .time: guard let value = integer(member) else { return badInteger(member) }; line.time = value
        case .order: guard let value = integer(member) else { return badInteger(member) }; line.order = value
        case .index:
            guard let value = integer(member), value >= 0 else { return badInteger(member, "a non-negative integer") }
            line.index = value
        case .price:
            guard let value = integer(member), value >= 0 else { return badInteger(member, "a non-negative integer") }
            line.price = value
        case .qty:
            guard let value = integer(member), value >= 1 else { return badInteger(member, "a positive integer") }
            line.qty = value
        case .position: guard let value = integer(member) else { return badInteger(member) }; line.position = value
        case .cash: guard let value = integer(member) else { return badInteger(member) }; line.cash = value
        case .realized: guard let value = integer(member) else { return badInteger(member) }; line.realized = value
        case .reconciled:
            if literal("true") { line.reconciled = true } else if literal("false") { line.reconciled = false } else {
                return .badValue(field: member.name, why: "expected true or false")
            }
        case .iso:
            guard let range = stringValue() else { return stringFault(member) }
            line.isoEscaped = range.lowerBound < 0
            line.isoRange = line.isoEscaped ? 0..<0 : range
        case .side:
            guard let range = stringValue() else { return stringFault(member) }
            let side = withKey(range) { String(decoding: $0, as: UTF8.self) }
            guard side == "buy" || side == "sell" else { return .badValue(field: member.name, why: "expected \"buy\" or \"sell\"") }
            line.isBuy = side == "buy"
        case .venue, .account, .symbol, .strategy:
            guard let range = stringValue() else { return stringFault(member) }
            guard let text = withKey(range, { String(validating: $0, as: UTF8.self) }), !text.isEmpty else {
                return .badValue(field: member.name, why: "expected a non-empty string")
            }
            switch member {
            case .venue: line.venue = text
            case .account: line.account = text
            case .symbol: line.symbol = text
            default: line.strategy = text
            }
        case .prev, .sum:
            guard let range = stringValue(),
                  let value = withKey(range, { LedgerChecksum(hex: $0) })
            else { return .badValue(field: member.name, why: "expected 16 lowercase hexadecimal digits") }
            if member == .prev { line.previous = value.value } else { line.sum = value.value }
        }
        return nil
    }

    var pendingFault: LineFault?

    private func badInteger(_ member: LedgerLine.Member, _ expected: String = "an integer") -> LineFault {
        pendingFault ?? .badValue(field: member.name, why: "expected \(expected)")
    }

    private func stringFault(_ member: LedgerLine.Member) -> LineFault {
        pendingFault ?? .badValue(field: member.name, why: "expected a string")
    }

    /// Reads a string value starting at its opening quote; nil (with `pendingFault` set when the
    /// JSON itself is broken) when the value is not a string.
    private mutating func stringValue() -> Range<Int>? {
        guard index < bytes.count, bytes[index] == LedgerLineParser.quote else {
            pendingFault = skipValue(depth: 0)
            return nil
        }
        index += 1
        var range = 0..<0
        if let fault = readString(&range) {
            pendingFault = fault
            return nil
        }
        return range
    }

    /// Reads an integer value; nil (with `pendingFault` set when the JSON itself is broken) when
    /// the value is not a JSON integer that fits in 64 bits.
    private mutating func integer(_ member: LedgerLine.Member) -> Int64? {
        let start = index
        let negative = index < bytes.count && bytes[index] == UInt8(ascii: "-")
        if negative { index += 1 }
        var magnitude: UInt64 = 0
        var digits = 0
        var overflow = false
        while index < bytes.count, bytes[index] &- UInt8(ascii: "0") < 10 {
            let (times10, o1) = magnitude.multipliedReportingOverflow(by: 10)
            let (sum, o2) = times10.addingReportingOverflow(UInt64(bytes[index] &- UInt8(ascii: "0")))
            overflow = overflow || o1 || o2
            magnitude = sum
            digits += 1
            index += 1
        }
        let leadingZero = digits > 1 && bytes[start + (negative ? 1 : 0)] == UInt8(ascii: "0")
        let next = index < bytes.count ? bytes[index] : 0
        let fractional = next == UInt8(ascii: ".") || next == UInt8(ascii: "e") || next == UInt8(ascii: "E")
        guard digits > 0, !leadingZero, !fractional, !overflow else {
            index = start
            pendingFault = skipValue(depth: 0)
            return nil
        }
        if negative {
            guard magnitude <= UInt64(Int64.max) + 1 else { return nil }
            return magnitude == UInt64(Int64.max) + 1 ? Int64.min : -Int64(magnitude)
        }
        guard magnitude <= UInt64(Int64.max) else { return nil }
        return Int64(magnitude)
    }
}
