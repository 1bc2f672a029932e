import StrategyKit

extension JSONReader {
    /// Reads, after whitespace, an integer that fits `Int64`. A fraction or exponent throws
    /// `expected("an integer")`: prices, quantities and times are integers in every format here.
    @inlinable @inline(__always)
    public mutating func int64() throws(JSONReadError) -> Int64 {
        skipWhitespace()
        let negative = position < end && position.pointee == UInt8(ascii: "-")
        if negative { position += 1 }
        let first = position
        // 19 digits cannot overflow UInt64, and 20 are out of Int64's range anyway.
        var cursor = position
        let magnitude = Self.digitRun(&cursor, end)
        position = cursor
        let digits = position - first
        guard digits > 0 else { throw .expected("an integer", offset: offset) }
        guard digits == 1 || first.pointee != UInt8(ascii: "0") else { throw .leadingZero(offset: first - start) }
        if digits > 19 { throw .integerOutOfRange(offset: first - start) }
        if position < end {
            let byte = position.pointee
            guard byte != UInt8(ascii: "."), byte | 0x20 != UInt8(ascii: "e") else { throw .expected("an integer", offset: offset) }
        }
        if negative {
            guard magnitude <= UInt64(Int64.max) + 1 else { throw .integerOutOfRange(offset: first - start) }
            return magnitude == UInt64(Int64.max) + 1 ? Int64.min : -Int64(magnitude)
        }
        guard magnitude <= UInt64(Int64.max) else { throw .integerOutOfRange(offset: first - start) }
        return Int64(magnitude)
    }

    /// Reads `[a,b]` as a compact writer lays out a pair of integers: no whitespace, both
    /// non-negative without leading zeros and at most 18 digits long (so that neither can
    /// overflow). Returns nil and consumes nothing for anything else, which the caller then reads
    /// the general way, getting the same values or the error that names the fault: the fast path
    /// of book entries, which nearly always come so.
    @inlinable @inline(__always)
    public mutating func compactIntegerPair() -> (Int64, Int64)? {
        var cursor = position
        guard end - cursor >= 5, cursor.pointee == UInt8(ascii: "[") else { return nil }
        cursor += 1
        guard let first = Self.compactDigits(&cursor, end), cursor < end, cursor.pointee == UInt8(ascii: ",") else { return nil }
        cursor += 1
        guard let second = Self.compactDigits(&cursor, end), cursor < end, cursor.pointee == UInt8(ascii: "]") else { return nil }
        position = cursor + 1
        return (first, second)
    }

    /// The non-negative integer of 1 to 18 digits without a leading zero at `cursor`, moved past
    /// its digits; nil for anything else.
    @inlinable @inline(__always)
    static func compactDigits(_ cursor: inout UnsafePointer<UInt8>, _ end: UnsafePointer<UInt8>) -> Int64? {
        let first = cursor
        let magnitude = digitRun(&cursor, end)
        let digits = cursor - first
        guard digits > 0, digits <= 18, digits == 1 || first.pointee != UInt8(ascii: "0") else { return nil }
        return Int64(magnitude)
    }

    /// The value of the decimal digits at `cursor` (wrapping past 19 of them), with `cursor`
    /// moved past them: eight digits a step, twice, while eight bytes are there to load, the rest
    /// one at a time, so that whoever checks the run after sees what a digit-by-digit loop would
    /// have left. (A nanosecond time, 19 digits, is two steps and three digits.)
    @inlinable @inline(__always)
    static func digitRun(_ cursor: inout UnsafePointer<UInt8>, _ end: UnsafePointer<UInt8>) -> UInt64 {
        var magnitude: UInt64 = 0
        if end - cursor >= 8 {
            let (count, value) = leadingDigits(cursor)
            cursor += count
            guard count == 8 else { return value }
            magnitude = value
            if end - cursor >= 8 {
                let (count, value) = leadingDigits(cursor)
                cursor += count
                magnitude = magnitude &* powerOfTen(count) &+ value
                guard count == 8 else { return magnitude }
            }
        }
        while cursor < end {
            let digit = cursor.pointee &- UInt8(ascii: "0")
            guard digit < 10 else { break }
            magnitude = magnitude &* 10 &+ UInt64(digit)
            cursor += 1
        }
        return magnitude
    }

    /// 10 to the power `exponent`, for 0 to 8.
    @inlinable @inline(__always)
    static func powerOfTen(_ exponent: Int) -> UInt64 {
        switch exponent {
        case 0: 1
        case 1: 10
        case 2: 100
        case 3: 1_000
        case 4: 10_000
        case 5: 100_000
        case 6: 1_000_000
        case 7: 10_000_000
        default: 100_000_000
        }
    }

    /// How many of the eight bytes at `bytes` are decimal digits before the first that is not,
    /// and their value.
    @inlinable @inline(__always)
    static func leadingDigits(_ bytes: UnsafePointer<UInt8>) -> (count: Int, value: UInt64) {
        let word = UInt64(littleEndian: UnsafeRawPointer(bytes).loadUnaligned(as: UInt64.self))
        let values = word &- 0x3030_3030_3030_3030
        // The high bit of each byte that is not a digit (below '0' or above '9'); only the
        // lowest matters, and the bytes before it, digits, carry nothing into it.
        let notDigits = (values | (word &+ 0x4646_4646_4646_4646)) & 0x8080_8080_8080_8080
        let count = notDigits.trailingZeroBitCount >> 3
        return (count, count > 0 ? eightDigits(values &<< UInt64(64 - 8 * count)) : 0)
    }

    /// The number whose eight decimal digits are the bytes of `values` (each 0...9), the first
    /// in the lowest byte; leading zero bytes are leading zeros.
    @inlinable @inline(__always)
    static func eightDigits(_ values: UInt64) -> UInt64 {
        let pairs = values &* 10 &+ (values >> 8)
        let mask: UInt64 = 0x0000_00FF_0000_00FF
        return ((pairs & mask) &* 0x000F_4240_0000_0064 &+ ((pairs >> 16) & mask) &* 0x0000_2710_0000_0001) >> 32
    }

    /// Reads an integer in `range`; a value outside it throws `refused` naming `field`.
    @inlinable
    public mutating func int64(in range: ClosedRange<Int64>, field: @autoclosure () -> String) throws(JSONReadError) -> Int64 {
        let value: Int64
        do {
            value = try int64()
        } catch {
            throw .refused("\(field()): \(error)")
        }
        guard range.contains(value) else {
            throw .refused("\(field()): \(value) is out of range \(range.lowerBound)...\(range.upperBound)")
        }
        return value
    }

    /// Reads `true` or `false` after whitespace.
    @inlinable
    public mutating func bool() throws(JSONReadError) -> Bool {
        if peek() == UInt8(ascii: "t") {
            try literal("true")
            return true
        }
        try literal("false")
        return false
    }

    /// Consumes `null` after whitespace and returns true, or returns false leaving anything
    /// else unread.
    @inlinable
    public mutating func null() throws(JSONReadError) -> Bool {
        guard peek() == UInt8(ascii: "n") else { return false }
        try literal("null")
        return true
    }

    /// Reads an ISO-8601 time string of any sub-second precision.
    public mutating func timestamp() throws(JSONReadError) -> Timestamp {
        skipWhitespace()
        let at = offset
        let raw = try rawString()
        guard !raw.isEscaped, let time = Timestamp(iso8601UTF8: raw.bytes) else {
            throw .expected("an ISO-8601 time", offset: at)
        }
        return time
    }

    /// Skips one value of any kind after whitespace, checking that it is well formed: strings'
    /// escapes and UTF-8 included, nesting bounded by `maxDepth`.
    public mutating func skipValue() throws(JSONReadError) {
        switch peek() {
        case UInt8(ascii: "\""): try Self.validate(try rawString())
        case UInt8(ascii: "{"): try readObject { reader, _ throws(JSONReadError) in try reader.skipValue() }
        case UInt8(ascii: "["): try readArray { reader throws(JSONReadError) in try reader.skipValue() }
        case UInt8(ascii: "t"): try literal("true")
        case UInt8(ascii: "f"): try literal("false")
        case UInt8(ascii: "n"): try literal("null")
        default: try skipNumber()
        }
    }

    /// Skips a number of any form (fraction and exponent allowed), checking its syntax.
    public mutating func skipNumber() throws(JSONReadError) {
        let numberStart = position
        if current == UInt8(ascii: "-") { position += 1 }
        func digits() -> Int {
            let from = position
            while position < end, position.pointee &- UInt8(ascii: "0") < 10 { position += 1 }
            return position - from
        }
        let first = position
        let integerDigits = digits()
        guard integerDigits > 0 else {
            position = numberStart
            throw .expected("a value", offset: offset)
        }
        guard integerDigits == 1 || first.pointee != UInt8(ascii: "0") else { throw .leadingZero(offset: first - start) }
        if current == UInt8(ascii: ".") {
            position += 1
            guard digits() > 0 else { throw .expected("a digit", offset: offset) }
        }
        if current | 0x20 == UInt8(ascii: "e") {
            position += 1
            if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { position += 1 }
            guard digits() > 0 else { throw .expected("a digit", offset: offset) }
        }
    }

    /// Reads an object, calling `member` with the reader and each key; `member` must read or
    /// skip exactly the key's value.
    @inlinable
    public mutating func readObject(
        _ member: (inout JSONReader, JSONRawString) throws(JSONReadError) -> Void
    ) throws(JSONReadError) {
        try expect(UInt8(ascii: "{"))
        try enter()
        if !consume(UInt8(ascii: "}")) {
            repeat {
                let key = try rawString()
                try expect(UInt8(ascii: ":"))
                try member(&self, key)
            } while consume(UInt8(ascii: ","))
            guard consume(UInt8(ascii: "}")) else { throw .expected("',' or '}'", offset: offset) }
        }
        leave()
    }

    /// Reads an array, calling `element` once per element; `element` must read or skip it.
    @inlinable
    public mutating func readArray(_ element: (inout JSONReader) throws(JSONReadError) -> Void) throws(JSONReadError) {
        try expect(UInt8(ascii: "["))
        try enter()
        if !consume(UInt8(ascii: "]")) {
            repeat { try element(&self) } while consume(UInt8(ascii: ","))
            guard consume(UInt8(ascii: "]")) else { throw .expected("',' or ']'", offset: offset) }
        }
        leave()
    }
}
