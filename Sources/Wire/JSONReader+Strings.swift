extension JSONReader {
    /// Reads a string after whitespace and returns its raw bytes, escapes unresolved. Checks
    /// that it is closed and holds no raw control character; escapes are checked when resolved
    /// (`unescape`) or skipped (`skipValue`).
    @inlinable @inline(__always)
    public mutating func rawString() throws(JSONReadError) -> JSONRawString {
        try expect(UInt8(ascii: "\""))
        let first = position
        // Eight bytes at a time while none is a quote, a backslash, a control character or
        // above ASCII. The bit tricks may also flag a byte after such a one, but never one
        // before it (a borrow runs only from a flagged byte up), so the lowest flag is the
        // first such byte: the byte loop below starts there.
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        while end - position >= 8 {
            let word = UInt64(littleEndian: UnsafeRawPointer(position).loadUnaligned(as: UInt64.self))
            let quotes = word ^ (ones &* 0x22)
            let backslashes = word ^ (ones &* 0x5C)
            let flagged = (((quotes &- ones) & ~quotes) | ((backslashes &- ones) & ~backslashes)
                | (word &- ones &* 0x20) | word) & highs
            if flagged != 0 {
                position += flagged.trailingZeroBitCount >> 3
                break
            }
            position += 8
        }
        var escaped = false
        var ascii = true
        while position < end {
            let byte = position.pointee
            if byte == UInt8(ascii: "\"") {
                let bytes = UnsafeRawBufferPointer(start: first, count: position - first)
                position += 1
                return JSONRawString(bytes: bytes, isEscaped: escaped, isASCII: ascii, offset: first - start)
            }
            if byte == UInt8(ascii: "\\") {
                escaped = true
                position += 1
                guard position < end else { break }
                if position.pointee < 0x20 { throw .controlCharacter(offset: offset) }
            } else if byte < 0x20 {
                throw .controlCharacter(offset: offset)
            }
            ascii = ascii && byte < 0x80
            position += 1
        }
        throw .unterminatedString(offset: offset)
    }

    /// Reads a string, resolving escapes. Bytes that are not UTF-8 become U+FFFD.
    public mutating func string() throws(JSONReadError) -> String {
        let raw = try rawString()
        guard raw.isEscaped else { return String(decoding: raw.bytes, as: UTF8.self) }
        var utf8: [UInt8] = []
        try Self.unescape(raw, into: &utf8)
        return String(decoding: utf8, as: UTF8.self)
    }

    /// Appends the UTF-8 of `raw` with its escapes resolved to `utf8`: the one place JSON
    /// escapes, `\uXXXX` and surrogate pairs included, are decoded. A lone surrogate, a short
    /// `\u` escape or an unknown escape throws, naming its offset.
    public static func unescape(_ raw: JSONRawString, into utf8: inout [UInt8]) throws(JSONReadError) {
        let bytes = raw.bytes
        utf8.reserveCapacity(utf8.count + bytes.count)
        var index = 0
        func hex4() throws(JSONReadError) -> UInt32 {
            guard index + 4 <= bytes.count else { throw .badUnicodeEscape(offset: raw.offset + index) }
            var value: UInt32 = 0
            for _ in 0..<4 {
                let byte = bytes[index] | 0x20
                let digit: UInt8
                switch byte {
                case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
                case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
                default: throw .badUnicodeEscape(offset: raw.offset + index)
                }
                value = value << 4 | UInt32(digit)
                index += 1
            }
            return value
        }
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            guard byte == UInt8(ascii: "\\") else {
                utf8.append(byte)
                continue
            }
            guard index < bytes.count else { throw .badEscape(offset: raw.offset + index) }
            let escape = bytes[index]
            index += 1
            switch escape {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): utf8.append(escape)
            case UInt8(ascii: "b"): utf8.append(0x08)
            case UInt8(ascii: "f"): utf8.append(0x0C)
            case UInt8(ascii: "n"): utf8.append(0x0A)
            case UInt8(ascii: "r"): utf8.append(0x0D)
            case UInt8(ascii: "t"): utf8.append(0x09)
            case UInt8(ascii: "u"):
                let escapeOffset = raw.offset + index - 2
                var code = try hex4()
                if (0xD800..<0xDC00).contains(code) {
                    // A high surrogate must be followed by an escaped low surrogate.
                    guard index + 2 <= bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u")
                    else { throw .badUnicodeEscape(offset: escapeOffset) }
                    index += 2
                    let low = try hex4()
                    guard (0xDC00..<0xE000).contains(low) else { throw .badUnicodeEscape(offset: escapeOffset) }
                    code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                }
                guard let scalar = Unicode.Scalar(code) else { throw .badUnicodeEscape(offset: escapeOffset) }
                if let encoded = UTF8.encode(scalar) { utf8.append(contentsOf: encoded) }
            default: throw .badEscape(offset: raw.offset + index - 1)
            }
        }
    }

    /// Checks that `raw` is valid UTF-8 once its escapes are resolved, and resolves them into
    /// `scratch` (emptied first) when it has any. Returns whether it did; when it did not, the
    /// string's characters are `raw.bytes` as they stand.
    @inlinable
    public static func resolve(_ raw: JSONRawString, into scratch: inout [UInt8]) throws(JSONReadError) -> Bool {
        if raw.isEscaped {
            scratch.removeAll(keepingCapacity: true)
            try unescape(raw, into: &scratch)
            guard String(validating: scratch, as: UTF8.self) != nil else { throw .invalidUTF8(offset: raw.offset) }
            return true
        }
        guard raw.isASCII || String(validating: raw.bytes, as: UTF8.self) != nil else { throw .invalidUTF8(offset: raw.offset) }
        return false
    }

    /// Throws unless `raw` is valid UTF-8 once its escapes are resolved.
    @inlinable
    public static func validate(_ raw: JSONRawString) throws(JSONReadError) {
        guard raw.isEscaped || !raw.isASCII else { return }
        var scratch: [UInt8] = []
        _ = try resolve(raw, into: &scratch)
    }
}
