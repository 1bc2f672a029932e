import Glibc

/// A position in the UTF-8 bytes of one JSON value, with the few reads a record parser needs.
/// Every read validates what it consumes; a failure carries a short reason.
struct JSONCursor {
    /// Why a line is not a valid record.
    struct Failure: Error {
        var reason: String
    }

    private(set) var position: UnsafePointer<UInt8>
    let end: UnsafePointer<UInt8>

    init(_ bytes: UnsafeRawBufferPointer) {
        let base = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self) ?? UnsafePointer(bitPattern: 1)!
        position = base
        end = base + bytes.count
    }

    var isAtEnd: Bool { position == end }

    /// The next byte after whitespace, not consumed; 0 at the end.
    @inline(__always)
    mutating func peek() -> UInt8 {
        skipWhitespace()
        return position < end ? position.pointee : 0
    }

    @inline(__always)
    mutating func skipWhitespace() {
        while position < end {
            let byte = position.pointee
            guard byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 else { return }
            position += 1
        }
    }

    /// Consumes `byte` after whitespace.
    @inline(__always)
    mutating func expect(_ byte: UInt8) throws(Failure) {
        if position < end, position.pointee == byte {
            position += 1
            return
        }
        guard peek() == byte else { throw Failure(reason: "expected '\(Character(Unicode.Scalar(byte)))'") }
        position += 1
    }

    /// Consumes `byte` after whitespace if it is next.
    @inline(__always)
    mutating func consume(_ byte: UInt8) -> Bool {
        if position < end, position.pointee == byte {
            position += 1
            return true
        }
        guard peek() == byte else { return false }
        position += 1
        return true
    }

    /// Consumes the literal `word` (`null`, `true`, `false`).
    mutating func literal(_ word: StaticString) throws(Failure) {
        skipWhitespace()
        let count = word.utf8CodeUnitCount
        guard end - position >= count, memcmp(position, word.utf8Start, count) == 0 else {
            throw Failure(reason: "expected \(word)")
        }
        position += count
    }

    /// A string's raw bytes between its quotes and whether they hold escapes.
    @inline(__always)
    mutating func rawString() throws(Failure) -> (bytes: UnsafeRawBufferPointer, escaped: Bool) {
        try expect(UInt8(ascii: "\""))
        let first = position
        var escaped = false
        while position < end {
            let byte = position.pointee
            if byte == UInt8(ascii: "\"") {
                let bytes = UnsafeRawBufferPointer(start: first, count: position - first)
                position += 1
                return (bytes, escaped)
            }
            if byte == UInt8(ascii: "\\") {
                escaped = true
                position += 1
            } else if byte < 0x20 {
                throw Failure(reason: "control character in a string")
            }
            position += 1
        }
        throw Failure(reason: "unterminated string")
    }

    /// A JSON integer that fits `Int64`; fractions and exponents are refused.
    @inline(__always)
    mutating func int64() throws(Failure) -> Int64 {
        skipWhitespace()
        var negative = false
        if position < end, position.pointee == UInt8(ascii: "-") {
            negative = true
            position += 1
        }
        let first = position
        var magnitude: UInt64 = 0
        // 19 digits cannot overflow UInt64, and 20 are out of Int64's range anyway.
        while position < end {
            let digit = position.pointee &- UInt8(ascii: "0")
            guard digit < 10 else { break }
            magnitude = magnitude &* 10 &+ UInt64(digit)
            position += 1
        }
        let digits = position - first
        if digits > 19 { throw Failure(reason: "integer out of range") }
        guard digits > 0 else { throw Failure(reason: "expected an integer") }
        guard digits == 1 || first.pointee != UInt8(ascii: "0") else { throw Failure(reason: "leading zero") }
        if position < end {
            let byte = position.pointee
            guard byte != UInt8(ascii: "."), byte != UInt8(ascii: "e"), byte != UInt8(ascii: "E") else {
                throw Failure(reason: "expected an integer")
            }
        }
        if negative {
            guard magnitude <= UInt64(Int64.max) + 1 else { throw Failure(reason: "integer out of range") }
            return magnitude == UInt64(Int64.max) + 1 ? Int64.min : -Int64(magnitude)
        }
        guard magnitude <= UInt64(Int64.max) else { throw Failure(reason: "integer out of range") }
        return Int64(magnitude)
    }

    /// Skips one value of any type, checking its syntax.
    mutating func skipValue(depth: Int = 0) throws(Failure) {
        guard depth < 64 else { throw Failure(reason: "nested too deeply") }
        switch peek() {
        case UInt8(ascii: "\""):
            _ = try rawString()
        case UInt8(ascii: "{"):
            position += 1
            if consume(UInt8(ascii: "}")) { return }
            repeat {
                _ = try rawString()
                try expect(UInt8(ascii: ":"))
                try skipValue(depth: depth + 1)
            } while consume(UInt8(ascii: ","))
            try expect(UInt8(ascii: "}"))
        case UInt8(ascii: "["):
            position += 1
            if consume(UInt8(ascii: "]")) { return }
            repeat { try skipValue(depth: depth + 1) } while consume(UInt8(ascii: ","))
            try expect(UInt8(ascii: "]"))
        case UInt8(ascii: "t"): try literal("true")
        case UInt8(ascii: "f"): try literal("false")
        case UInt8(ascii: "n"): try literal("null")
        default: try skipNumber()
        }
    }

    private mutating func skipNumber() throws(Failure) {
        _ = consume(UInt8(ascii: "-"))
        let first = position
        func digits() -> Int {
            let from = position
            while position < end, position.pointee &- UInt8(ascii: "0") < 10 { position += 1 }
            return position - from
        }
        let integerDigits = digits()
        guard integerDigits > 0, integerDigits == 1 || first.pointee != UInt8(ascii: "0") else {
            throw Failure(reason: "expected a value")
        }
        if position < end, position.pointee == UInt8(ascii: ".") {
            position += 1
            guard digits() > 0 else { throw Failure(reason: "malformed number") }
        }
        if position < end, position.pointee | 0x20 == UInt8(ascii: "e") {
            position += 1
            if position < end, position.pointee == UInt8(ascii: "+") || position.pointee == UInt8(ascii: "-") {
                position += 1
            }
            guard digits() > 0 else { throw Failure(reason: "malformed number") }
        }
    }

    /// Resolves the escapes of a string's raw bytes into UTF-8.
    static func unescape(_ raw: UnsafeRawBufferPointer) throws(Failure) -> [UInt8] {
        var result: [UInt8] = []
        result.reserveCapacity(raw.count)
        var index = 0
        func hex4() throws(Failure) -> UInt32 {
            guard index + 4 <= raw.count else { throw Failure(reason: "malformed \\u escape") }
            var value: UInt32 = 0
            for _ in 0..<4 {
                let byte = raw[index]
                let digit: UInt8
                switch byte {
                case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
                case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
                case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
                default: throw Failure(reason: "malformed \\u escape")
                }
                value = value << 4 | UInt32(digit)
                index += 1
            }
            return value
        }
        while index < raw.count {
            let byte = raw[index]
            index += 1
            guard byte == UInt8(ascii: "\\") else {
                result.append(byte)
                continue
            }
            guard index < raw.count else { throw Failure(reason: "malformed escape") }
            let escape = raw[index]
            index += 1
            switch escape {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): result.append(escape)
            case UInt8(ascii: "b"): result.append(0x08)
            case UInt8(ascii: "f"): result.append(0x0C)
            case UInt8(ascii: "n"): result.append(0x0A)
            case UInt8(ascii: "r"): result.append(0x0D)
            case UInt8(ascii: "t"): result.append(0x09)
            case UInt8(ascii: "u"):
                var scalar = try hex4()
                if (0xD800..<0xDC00).contains(scalar) {
                    guard index + 2 <= raw.count, raw[index] == UInt8(ascii: "\\"), raw[index + 1] == UInt8(ascii: "u")
                    else { throw Failure(reason: "unpaired surrogate") }
                    index += 2
                    let low = try hex4()
                    guard (0xDC00..<0xE000).contains(low) else { throw Failure(reason: "unpaired surrogate") }
                    scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                }
                guard let value = Unicode.Scalar(scalar) else { throw Failure(reason: "unpaired surrogate") }
                result.append(contentsOf: String(Character(value)).utf8)
            default: throw Failure(reason: "malformed escape")
            }
        }
        return result
    }
}
