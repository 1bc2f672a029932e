import StrategyKit

/// A forward-only reader of one JSON document in memory, for the hot-path responses.
///
/// It reads the document in place, without building a tree: callers walk objects and arrays
/// with closures and take the values they want. Every malformed input throws `undecodable`
/// naming the byte offset; it never traps and never reads past the buffer.
struct JSONByteReader {
    let bytes: UnsafeRawBufferPointer
    private(set) var index = 0
    /// Nesting depth, bounded so that hostile input cannot exhaust the stack.
    private var depth = 0
    private static let maxDepth = 64

    init(_ bytes: UnsafeRawBufferPointer) { self.bytes = bytes }

    /// The byte at the read position, or 0 at the end (0 never starts a JSON token).
    var peek: UInt8 { index < bytes.count ? bytes[index] : 0 }

    /// An `undecodable` error naming `expectation` and the current offset.
    func failure(_ expectation: String) -> ExchangeError {
        .undecodable("expected \(expectation) at byte \(index)")
    }

    mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x0A, 0x0D, 0x09: index += 1
            default: return
            }
        }
    }

    private mutating func expect(_ byte: UInt8, _ name: String) throws(ExchangeError) {
        skipWhitespace()
        guard peek == byte else { throw failure(name) }
        index += 1
    }

    /// Checks that nothing but whitespace follows the document.
    mutating func expectEnd() throws(ExchangeError) {
        skipWhitespace()
        guard index == bytes.count else { throw failure("end of document") }
    }

    /// Reads an object, calling `member` with the reader and each key's raw bytes; `member` must
    /// read or skip exactly the key's value. Keys are compared as written (escaped keys never
    /// match a plain name).
    mutating func readObject(
        _ member: (inout JSONByteReader, UnsafeRawBufferPointer) throws(ExchangeError) -> Void
    ) throws(ExchangeError) {
        try expect(UInt8(ascii: "{"), "an object")
        try enter()
        skipWhitespace()
        if peek == UInt8(ascii: "}") {
            index += 1
            depth -= 1
            return
        }
        while true {
            skipWhitespace()
            let key = try readRawString()
            try expect(UInt8(ascii: ":"), "':'")
            skipWhitespace()
            try member(&self, key)
            skipWhitespace()
            switch peek {
            case UInt8(ascii: ","): index += 1
            case UInt8(ascii: "}"):
                index += 1
                depth -= 1
                return
            default: throw failure("',' or '}'")
            }
        }
    }

    /// Reads an array, calling `element` once per element; `element` must read or skip it.
    mutating func readArray(_ element: (inout JSONByteReader) throws(ExchangeError) -> Void) throws(ExchangeError) {
        try expect(UInt8(ascii: "["), "an array")
        try enter()
        skipWhitespace()
        if peek == UInt8(ascii: "]") {
            index += 1
            depth -= 1
            return
        }
        while true {
            skipWhitespace()
            try element(&self)
            skipWhitespace()
            switch peek {
            case UInt8(ascii: ","): index += 1
            case UInt8(ascii: "]"):
                index += 1
                depth -= 1
                return
            default: throw failure("',' or ']'")
            }
        }
    }

    private mutating func enter() throws(ExchangeError) {
        depth += 1
        guard depth <= Self.maxDepth else { throw failure("nesting of at most \(Self.maxDepth) levels") }
    }

    /// Consumes `null` and returns true, or returns false leaving anything else unread.
    mutating func readNull() throws(ExchangeError) -> Bool {
        skipWhitespace()
        guard peek == UInt8(ascii: "n") else { return false }
        try readLiteral("null")
        return true
    }

    private mutating func readLiteral(_ literal: StaticString) throws(ExchangeError) {
        let count = literal.utf8CodeUnitCount
        guard index + count <= bytes.count,
              memoryEquals(UnsafeRawBufferPointer(rebasing: bytes[index..<index + count]), literal)
        else { throw failure("\(literal)") }
        index += count
    }

    /// Reads `true` or `false`.
    mutating func readBool() throws(ExchangeError) -> Bool {
        skipWhitespace()
        if peek == UInt8(ascii: "t") {
            try readLiteral("true")
            return true
        }
        try readLiteral("false")
        return false
    }

    /// The prices the client accepts, in cents: those the simulated exchange accepts.
    static var prices: ClosedRange<Int64> { 0...Price.maxAccepted.cents }
    /// The quantities the client accepts, in shares: those the simulated exchange accepts.
    static var quantities: ClosedRange<Int64> { 0...Quantity.maxAccepted.shares }

    /// Reads an integer in `range`, as every price and quantity from the exchange must be: a
    /// value outside it, or anything but an integer, throws `undecodable` naming `field`.
    mutating func readInt64(in range: ClosedRange<Int64>, field: @autoclosure () -> String) throws(ExchangeError) -> Int64 {
        let value: Int64
        do {
            value = try readInt64()
        } catch {
            guard case .undecodable(let detail) = error else { throw error }
            throw .undecodable("\(field()): \(detail)")
        }
        guard range.contains(value) else {
            throw .undecodable("\(field()): \(value) is out of range \(range.lowerBound)...\(range.upperBound)")
        }
        return value
    }

    /// Reads an integer that fits in `Int64`; a fraction or exponent is an error (prices and
    /// quantities are integers in this API).
    mutating func readInt64() throws(ExchangeError) -> Int64 {
        skipWhitespace()
        let negative = peek == UInt8(ascii: "-")
        if negative { index += 1 }
        let start = index
        var value: Int64 = 0
        while index < bytes.count, bytes[index] &- UInt8(ascii: "0") < 10 {
            let digit = Int64(bytes[index] &- UInt8(ascii: "0"))
            let (times10, o1) = value.multipliedReportingOverflow(by: 10)
            let (sum, o2) = times10.addingReportingOverflow(negative ? -digit : digit)
            guard !o1, !o2 else { throw failure("an integer within 64 bits") }
            value = sum
            index += 1
        }
        guard index > start else { throw failure("an integer") }
        guard !(bytes[start] == UInt8(ascii: "0") && index - start > 1) else { throw failure("no leading zero") }
        switch peek {
        case UInt8(ascii: "."), UInt8(ascii: "e"), UInt8(ascii: "E"): throw failure("an integer, not a fraction")
        default: return value
        }
    }

    /// Reads a string's raw bytes between the quotes, escapes left as written.
    mutating func readRawString() throws(ExchangeError) -> UnsafeRawBufferPointer {
        skipWhitespace()
        guard peek == UInt8(ascii: "\"") else { throw failure("a string") }
        index += 1
        let start = index
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                let raw = UnsafeRawBufferPointer(rebasing: bytes[start..<index])
                index += 1
                return raw
            }
            if byte == UInt8(ascii: "\\") { index += 1 } else if byte < 0x20 { throw failure("no control character in a string") }
            index += 1
        }
        throw failure("a closing quote")
    }

    /// Reads a string, resolving escapes.
    mutating func readString() throws(ExchangeError) -> String {
        let start = index
        let raw = try readRawString()
        guard raw.contains(UInt8(ascii: "\\")) else { return String(decoding: raw, as: UTF8.self) }
        guard let text = JSONByteReader.unescape(raw) else {
            index = start
            throw failure("a valid escape sequence")
        }
        return text
    }

    /// Reads an ISO-8601 time string of any sub-second precision.
    mutating func readTimestamp() throws(ExchangeError) -> Timestamp {
        skipWhitespace()
        let start = index
        let raw = try readRawString()
        guard let time = Timestamp(iso8601UTF8: raw) else {
            index = start
            throw failure("an ISO-8601 time")
        }
        return time
    }

    /// Skips one value of any kind, checking that it is well formed.
    mutating func skipValue() throws(ExchangeError) {
        skipWhitespace()
        switch peek {
        case UInt8(ascii: "\""): _ = try readString()
        case UInt8(ascii: "{"): try readObject { reader, _ throws(ExchangeError) in try reader.skipValue() }
        case UInt8(ascii: "["): try readArray { reader throws(ExchangeError) in try reader.skipValue() }
        case UInt8(ascii: "t"): try readLiteral("true")
        case UInt8(ascii: "f"): try readLiteral("false")
        case UInt8(ascii: "n"): try readLiteral("null")
        default: try skipNumber()
        }
    }

    private mutating func skipNumber() throws(ExchangeError) {
        let start = index
        if peek == UInt8(ascii: "-") { index += 1 }
        let digitsStart = index
        while peek &- UInt8(ascii: "0") < 10 { index += 1 }
        guard index > digitsStart else { throw failure("a value") }
        if peek == UInt8(ascii: ".") {
            index += 1
            let fractionStart = index
            while peek &- UInt8(ascii: "0") < 10 { index += 1 }
            guard index > fractionStart else { throw failure("fraction digits") }
        }
        if peek == UInt8(ascii: "e") || peek == UInt8(ascii: "E") {
            index += 1
            if peek == UInt8(ascii: "+") || peek == UInt8(ascii: "-") { index += 1 }
            let exponentStart = index
            while peek &- UInt8(ascii: "0") < 10 { index += 1 }
            guard index > exponentStart else { throw failure("exponent digits") }
        }
        guard !(bytes[digitsStart] == UInt8(ascii: "0") && index > digitsStart + 1
            && bytes[digitsStart + 1] &- UInt8(ascii: "0") < 10)
        else {
            index = start
            throw failure("no leading zero")
        }
    }
}

/// Whether `raw` holds exactly the bytes of `text`.
func memoryEquals(_ raw: UnsafeRawBufferPointer, _ text: StaticString) -> Bool {
    let count = text.utf8CodeUnitCount
    guard raw.count == count else { return false }
    let other = UnsafeRawBufferPointer(start: text.utf8Start, count: count)
    for offset in 0..<count where raw[offset] != other[offset] { return false }
    return true
}
