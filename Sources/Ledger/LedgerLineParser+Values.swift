extension LedgerLineParser {
    /// Reads a string whose opening quote has been consumed, leaving `index` after the closing
    /// quote. Sets `range` to the range of its raw bytes, or to `-1..<0` when it held escapes
    /// and its decoded bytes are in `scratch`. Returns why it is not a string, if it is not.
    mutating func readString(_ range: inout Range<Int>) -> LineFault? {
        let start = index
        var highBytes = false
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                index += 1
                if highBytes, String(validating: UnsafeRawBufferPointer(rebasing: bytes[start..<index - 1]), as: UTF8.self) == nil {
                    return LineFault.notJSON("invalid UTF-8 in a string before column \(index)")
                }
                range = start..<index - 1
                return nil
            }
            if byte == UInt8(ascii: "\\") { return readEscapedString(from: start, &range) }
            if byte < 0x20 { return notJSON("control character in a string") }
            highBytes = highBytes || byte >= 0x80
            index += 1
        }
        return notJSON("unterminated string")
    }

    private mutating func readEscapedString(from start: Int, _ range: inout Range<Int>) -> LineFault? {
        scratch.removeAll(keepingCapacity: true)
        scratch.append(contentsOf: bytes[start..<index])
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            switch byte {
            case UInt8(ascii: "\""):
                guard String(validating: scratch, as: UTF8.self) != nil else {
                    return LineFault.notJSON("invalid UTF-8 in a string before column \(index)")
                }
                range = -1..<0
                return nil
            case UInt8(ascii: "\\"):
                guard index < bytes.count else { return notJSON("unterminated escape") }
                let escape = bytes[index]
                index += 1
                switch escape {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): scratch.append(escape)
                case UInt8(ascii: "b"): scratch.append(0x08)
                case UInt8(ascii: "f"): scratch.append(0x0c)
                case UInt8(ascii: "n"): scratch.append(0x0a)
                case UInt8(ascii: "r"): scratch.append(0x0d)
                case UInt8(ascii: "t"): scratch.append(0x09)
                case UInt8(ascii: "u"):
                    guard let scalar = readUnicodeEscape() else { return notJSON("bad \\u escape") }
                    scratch.append(contentsOf: String(Character(scalar)).utf8)
                default:
                    index -= 1
                    return notJSON("bad escape")
                }
            case 0..<0x20:
                index -= 1
                return notJSON("control character in a string")
            default:
                scratch.append(byte)
            }
        }
        return notJSON("unterminated string")
    }

    /// Reads the four hex digits after `\u` (and a low surrogate's `\uXXXX` after a high one).
    private mutating func readUnicodeEscape() -> Unicode.Scalar? {
        guard let first = readHex4() else { return nil }
        if (0xD800..<0xDC00).contains(first) {
            guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u")
            else { return nil }
            index += 2
            guard let second = readHex4(), (0xDC00..<0xE000).contains(second) else { return nil }
            return Unicode.Scalar(0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00))
        }
        return Unicode.Scalar(first)
    }

    private mutating func readHex4() -> UInt32? {
        guard index + 4 <= bytes.count else { return nil }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[index] | 0x20
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            default: return nil
            }
            value = value << 4 | UInt32(digit)
            index += 1
        }
        return value
    }

    /// Consumes `word` if the input continues with it.
    mutating func literal(_ word: StaticString) -> Bool {
        let count = word.utf8CodeUnitCount
        guard index + count <= bytes.count else { return false }
        for offset in 0..<count where bytes[index + offset] != word.utf8Start[offset] {
            return false
        }
        index += count
        return true
    }

    /// Skips one JSON value of any kind, checking its syntax; objects and arrays nest at most
    /// 64 deep.
    mutating func skipValue(depth: Int) -> LineFault? {
        guard depth < 64 else { return notJSON("values nested too deeply") }
        skipWhitespace()
        guard index < bytes.count else { return notJSON("expected a value") }
        switch bytes[index] {
        case UInt8(ascii: "\""):
            index += 1
            var range = 0..<0
            return readString(&range)
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            return skipContainer(depth: depth)
        case UInt8(ascii: "t"): return literal("true") ? nil : notJSON("expected a value")
        case UInt8(ascii: "f"): return literal("false") ? nil : notJSON("expected a value")
        case UInt8(ascii: "n"): return literal("null") ? nil : notJSON("expected a value")
        default: return skipNumber()
        }
    }

    private mutating func skipContainer(depth: Int) -> LineFault? {
        let isObject = bytes[index] == UInt8(ascii: "{")
        let close = isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")
        index += 1
        skipWhitespace()
        if index < bytes.count, bytes[index] == close {
            index += 1
            return nil
        }
        while true {
            if isObject {
                skipWhitespace()
                guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { return notJSON("expected a member name") }
                index += 1
                var range = 0..<0
                if let fault = readString(&range) { return fault }
                skipWhitespace()
                guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { return notJSON("expected ':'") }
                index += 1
            }
            if let fault = skipValue(depth: depth + 1) { return fault }
            skipWhitespace()
            guard index < bytes.count else { return notJSON("unterminated \(isObject ? "object" : "array")") }
            let separator = bytes[index]
            index += 1
            if separator == close { return nil }
            guard separator == UInt8(ascii: ",") else {
                index -= 1
                return notJSON("expected ',' or '\(Character(Unicode.Scalar(close)))'")
            }
        }
    }

    private mutating func skipNumber() -> LineFault? {
        let start = index
        func digits() -> Int {
            let from = index
            while index < bytes.count, bytes[index] &- UInt8(ascii: "0") < 10 { index += 1 }
            return index - from
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "-") { index += 1 }
        let intStart = index
        let intDigits = digits()
        guard intDigits > 0, intDigits == 1 || bytes[intStart] != UInt8(ascii: "0") else {
            index = start
            return notJSON("expected a value")
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard digits() > 0 else { return notJSON("expected a digit") }
        }
        if index < bytes.count, bytes[index] | 0x20 == UInt8(ascii: "e") {
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
            guard digits() > 0 else { return notJSON("expected a digit") }
        }
        return nil
    }
}
