extension JSONReader {
    /// Reads, after whitespace, a decimal given either as a JSON number or as a JSON string
    /// holding one (Alpaca sends money as strings in trading objects and as numbers in market
    /// data), times 10^`scale`, exactly. Text that is not a decimal, or that `scale` cannot hold
    /// exactly, throws `refused` naming `field`. The text is parsed where it lies in the input
    /// (a string with escapes, which no venue sends for a number, is unescaped first).
    public mutating func fixedPoint(scale: Int, field: @autoclosure () -> String) throws(JSONReadError) -> Int64 {
        skipWhitespace()
        let text: UnsafeRawBufferPointer
        if current == UInt8(ascii: "\"") {
            let raw = try rawString()
            if raw.isEscaped {
                var unescaped: [UInt8] = []
                try Self.unescape(raw, into: &unescaped)
                guard let value = FixedPoint.parse(unescaped, scale: scale) else {
                    throw Self.notDecimal(unescaped, scale: scale, field: field())
                }
                return value
            }
            text = raw.bytes
        } else {
            let numberStart = position
            try skipNumber()
            text = UnsafeRawBufferPointer(start: numberStart, count: position - numberStart)
        }
        guard let value = FixedPoint.parse(text, scale: scale) else { throw Self.notDecimal(text, scale: scale, field: field()) }
        return value
    }

    private static func notDecimal(_ text: some Collection<UInt8>, scale: Int, field: String) -> JSONReadError {
        .refused("\(field): \"\(String(decoding: text, as: UTF8.self))\" is not a decimal with at most \(scale) places")
    }
}

extension JSONReader {
    /// Reads, after whitespace, a decimal given as a JSON number or a JSON string holding one,
    /// and returns its text as written, of any length and any number of places: for values that
    /// are shown, never computed with (an average price is not on the price tick). Text that is
    /// not a decimal throws `refused` naming `field`.
    public mutating func decimalText(field: @autoclosure () -> String) throws(JSONReadError) -> String {
        skipWhitespace()
        var text: [UInt8] = []
        if current == UInt8(ascii: "\"") {
            try Self.unescape(try rawString(), into: &text)
        } else {
            let numberStart = offset
            try skipNumber()
            text = Array(bytes(from: numberStart))
        }
        guard text.withUnsafeBytes(FixedPoint.isDecimal) else {
            throw .refused("\(field()): \"\(String(decoding: text, as: UTF8.self))\" is not a decimal")
        }
        return String(decoding: text, as: UTF8.self)
    }
}
