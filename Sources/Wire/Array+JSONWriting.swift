import StrategyKit

extension [UInt8] {
    /// Appends `text` as a quoted JSON string: `"` and `\` escaped, control characters escaped
    /// as `style` says, every other byte (all of UTF-8 above ASCII included) as it is.
    @inlinable
    public mutating func appendJSONString(_ text: String, style: JSONStringStyle = .unicodeEscapes) {
        append(UInt8(ascii: "\""))
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"):
                append(UInt8(ascii: "\\"))
                append(byte)
            case 0..<0x20:
                appendControlEscape(byte, style: style)
            default:
                append(byte)
            }
        }
        append(UInt8(ascii: "\""))
    }

    @usableFromInline
    mutating func appendControlEscape(_ byte: UInt8, style: JSONStringStyle) {
        if style == .shortEscapes {
            switch byte {
            case UInt8(ascii: "\n"): return append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "n")])
            case UInt8(ascii: "\r"): return append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "r")])
            case UInt8(ascii: "\t"): return append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "t")])
            default: break
            }
        }
        let low = byte & 0x0F
        append(contentsOf: [
            UInt8(ascii: "\\"), UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0"), UInt8(ascii: "0") + byte >> 4,
            low < 10 ? UInt8(ascii: "0") + low : UInt8(ascii: "a") + low - 10,
        ])
    }

    /// Appends the decimal digits of `value`, with a leading minus when negative.
    @inlinable
    public mutating func appendDecimal(_ value: Int64) {
        if value < 0 { append(UInt8(ascii: "-")) }
        appendDecimal(value.magnitude)
    }

    /// Appends the decimal digits of `value`, with a leading minus when negative.
    @inlinable
    public mutating func appendDecimal(_ value: Int) {
        appendDecimal(Int64(value))
    }

    /// Appends the decimal digits of `value`.
    @inlinable
    public mutating func appendDecimal(_ value: UInt64) {
        var digits = 1
        var scale: UInt64 = 10
        while digits < 20, value >= scale {
            digits += 1
            scale = scale &* 10
        }
        let start = count
        append(contentsOf: repeatElement(0, count: digits))
        withUnsafeMutableBufferPointer { buffer in
            var rest = value
            for index in stride(from: start + digits - 1, through: start, by: -1) {
                buffer[index] = UInt8(ascii: "0") + UInt8(truncatingIfNeeded: rest % 10)
                rest /= 10
            }
        }
    }

    /// Appends `time` as ISO-8601 UTC with nine fractional digits, unquoted:
    /// `2015-12-04T09:02:16.680986205Z`.
    @inlinable
    public mutating func appendISO8601(_ time: Timestamp) {
        time.appendISO8601(to: &self)
    }
}
