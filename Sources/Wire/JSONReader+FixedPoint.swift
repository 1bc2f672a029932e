extension JSONReader {
    /// Reads, after whitespace, a decimal given either as a JSON number or as a JSON string
    /// holding one (Alpaca sends money as strings in trading objects and as numbers in market
    /// data), times 10^`scale`, exactly. Text that is not a decimal, or that `scale` cannot hold
    /// exactly, throws `refused` naming `field`.
    public mutating func fixedPoint(scale: Int, field: @autoclosure () -> String) throws(JSONReadError) -> Int64 {
        skipWhitespace()
        let text: [UInt8]
        if current == UInt8(ascii: "\"") {
            text = Array(try string().utf8)
        } else {
            let numberStart = position
            try skipNumber()
            text = Array(UnsafeBufferPointer(start: numberStart, count: position - numberStart))
        }
        guard let value = FixedPoint.parse(text, scale: scale) else {
            throw .refused("\(field()): \"\(String(decoding: text, as: UTF8.self))\" is not a decimal with at most \(scale) places")
        }
        return value
    }
}
