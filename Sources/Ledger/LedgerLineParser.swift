import Wire

/// A byte-level parser of one ledger line (without its newline) into a `LedgerLine`, built on
/// Wire's `JSONReader`.
///
/// It accepts any JSON object whose members are the format's (in any order, with any JSON
/// whitespace and string escapes), the optional version member `v`, plus members it does not
/// know, which it skips. Integers must be written as JSON integers (no fraction or exponent)
/// and fit in 64 bits.
struct LedgerLineParser {
    let bytes: UnsafeRawBufferPointer
    var reader: JSONReader
    /// The characters of the last string read when it held escapes.
    var scratch: [UInt8] = []
    /// Why the last value could not be read, when the JSON itself is broken.
    var pendingFault: LineFault?

    private init(_ bytes: UnsafeRawBufferPointer) {
        self.bytes = bytes
        reader = JSONReader(bytes)
    }

    /// Parses `bytes` or says why they are not a ledger line.
    static func parse(_ bytes: UnsafeRawBufferPointer, into line: inout LedgerLine) -> LineFault? {
        var parser = LedgerLineParser(bytes)
        return parser.parseObject(into: &line)
    }

    /// `expected` at the read position, as a fault naming the column.
    func notJSON(_ expected: String) -> LineFault {
        notJSON(expected, at: reader.offset)
    }

    private func notJSON(_ expected: String, at offset: Int) -> LineFault {
        .notJSON(offset < bytes.count ? "\(expected) at column \(offset + 1)" : "\(expected) at the end of the line")
    }

    /// The reader's error as a fault naming the column.
    func fault(_ error: JSONReadError) -> LineFault {
        notJSON(error.reason, at: error.offset ?? reader.offset)
    }

    private mutating func parseObject(into line: inout LedgerLine) -> LineFault? {
        do throws(JSONReadError) {
            try reader.expect(UInt8(ascii: "{"))
        } catch {
            return fault(error)
        }
        var seen: UInt32 = 0
        if !reader.consume(UInt8(ascii: "}")) {
            var next = 0
            var seenVersion = false
            while true {
                let member: LedgerLine.Member?
                var isVersion = false
                if let canonical = LedgerLine.Member(rawValue: next), reader.consume(exactly: canonical.quotedKey) {
                    // Writers emit the members in order without spaces: skip the general path.
                    member = canonical
                } else {
                    do throws(JSONReadError) {
                        let key = try readString()
                        member = withString(key) { LedgerLine.Member(key: $0) }
                        isVersion = member == nil && withString(key) { $0.count == 1 && $0[0] == UInt8(ascii: "v") }
                        try reader.expect(UInt8(ascii: ":"))
                    } catch {
                        return fault(error)
                    }
                }
                reader.skipWhitespace()
                if let member {
                    next = member.rawValue + 1
                    guard seen & member.bit == 0 else { return .badValue(field: member.name, why: "appears twice") }
                    seen |= member.bit
                    if let fault = parseValue(of: member, into: &line) { return fault }
                } else if isVersion {
                    // Optional, so not a `Member`: absent on version-1 lines.
                    guard !seenVersion else { return .badValue(field: "v", why: "appears twice") }
                    seenVersion = true
                    pendingFault = nil
                    guard let value = integer(), LedgerLine.versions.contains(value) else {
                        return pendingFault ?? .badValue(field: "v", why: "expected 1 or 2")
                    }
                    line.version = value
                } else {
                    do throws(JSONReadError) {
                        try reader.skipValue()
                    } catch {
                        return fault(error)
                    }
                }
                if reader.consume(UInt8(ascii: "}")) { break }
                guard reader.consume(UInt8(ascii: ",")) else { return notJSON("expected ',' or '}'") }
            }
        }
        reader.skipWhitespace()
        guard reader.isAtEnd else { return notJSON("unexpected characters after the object") }
        guard seen == LedgerLine.Member.all else {
            let missing = LedgerLine.Member.allCases.first { seen & $0.bit == 0 }!
            return .missingField(missing.name)
        }
        return nil
    }

    /// Reads a string and returns the range of its characters in `bytes`, or `-1..<0` when it
    /// held escapes and its characters are in `scratch`. Its UTF-8 is checked.
    private mutating func readString() throws(JSONReadError) -> Range<Int> {
        let raw = try reader.rawString()
        return try JSONReader.resolve(raw, into: &scratch) ? -1..<0 : raw.offset..<raw.offset + raw.bytes.count
    }

    /// Calls `body` with a string's characters: the raw bytes, or the decoded ones when escaped.
    private func withString<R>(_ range: Range<Int>, _ body: (UnsafeRawBufferPointer) -> R) -> R {
        if range.lowerBound < 0 {
            return scratch.withUnsafeBytes(body)
        }
        return body(UnsafeRawBufferPointer(rebasing: bytes[range]))
    }

    private mutating func parseValue(of member: LedgerLine.Member, into line: inout LedgerLine) -> LineFault? {
        pendingFault = nil
        switch member {
        case .seq:
            guard let value = integer(), value >= 1 else { return badInteger(member, "a positive integer") }
            line.sequence = UInt64(value)
        case .time: guard let value = integer() else { return badInteger(member) }; line.time = value
        case .order: guard let value = integer() else { return badInteger(member) }; line.order = value
        case .index:
            guard let value = integer(), value >= 0 else { return badInteger(member, "a non-negative integer") }
            line.index = value
        case .price:
            guard let value = integer(), value >= 0 else { return badInteger(member, "a non-negative integer") }
            line.price = value
        case .qty:
            guard let value = integer(), value >= 1 else { return badInteger(member, "a positive integer") }
            line.qty = value
        case .position: guard let value = integer() else { return badInteger(member) }; line.position = value
        case .cash: guard let value = integer() else { return badInteger(member) }; line.cash = value
        case .realized: guard let value = integer() else { return badInteger(member) }; line.realized = value
        case .reconciled:
            if reader.consume(exactly: "true") { line.reconciled = true } else if reader.consume(exactly: "false") {
                line.reconciled = false
            } else {
                return .badValue(field: member.name, why: "expected true or false")
            }
        case .iso:
            guard let range = stringValue() else { return stringFault(member) }
            line.isoEscaped = range.lowerBound < 0
            line.isoRange = line.isoEscaped ? 0..<0 : range
        case .side:
            guard let range = stringValue() else { return stringFault(member) }
            let side = withString(range) { String(decoding: $0, as: UTF8.self) }
            guard side == "buy" || side == "sell" else { return .badValue(field: member.name, why: "expected \"buy\" or \"sell\"") }
            line.isBuy = side == "buy"
        case .venue, .account, .symbol, .strategy:
            guard let range = stringValue() else { return stringFault(member) }
            // readString has checked that the bytes are UTF-8.
            let text = withString(range) { String(decoding: $0, as: UTF8.self) }
            guard !text.isEmpty else {
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
                  let value = withString(range, { LedgerChecksum(hex: $0) })
            else { return .badValue(field: member.name, why: "expected 16 lowercase hexadecimal digits") }
            if member == .prev { line.previous = value.value } else { line.sum = value.value }
        }
        reader.skipWhitespace()
        return nil
    }

    private func badInteger(_ member: LedgerLine.Member, _ expected: String = "an integer") -> LineFault {
        pendingFault ?? .badValue(field: member.name, why: "expected \(expected)")
    }

    private func stringFault(_ member: LedgerLine.Member) -> LineFault {
        pendingFault ?? .badValue(field: member.name, why: "expected a string")
    }

    /// Reads a string value; nil (with `pendingFault` set when the JSON itself is broken) when
    /// the value is not a string.
    private mutating func stringValue() -> Range<Int>? {
        guard reader.current == UInt8(ascii: "\"") else {
            skipBadValue()
            return nil
        }
        do throws(JSONReadError) {
            return try readString()
        } catch {
            pendingFault = fault(error)
            return nil
        }
    }

    /// Reads an integer value; nil (with `pendingFault` set when the JSON itself is broken) when
    /// the value is not a JSON integer that fits in 64 bits.
    private mutating func integer() -> Int64? {
        let start = reader
        do throws(JSONReadError) {
            return try reader.int64()
        } catch {
            reader = start
            skipBadValue()
            return nil
        }
    }

    /// Skips a value of the wrong kind, setting `pendingFault` when it is not even JSON.
    private mutating func skipBadValue() {
        do throws(JSONReadError) {
            try reader.skipValue()
        } catch {
            pendingFault = fault(error)
        }
    }
}
