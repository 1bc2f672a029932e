import StrategyKit

/// Appends JSON text to a byte buffer, for the responses and lines written by hand rather than
/// by `JSONEncoder` (an order of magnitude slower on the order-book path).
///
/// The caller writes the punctuation between members; the writer escapes strings (in `style`)
/// and formats numbers and timestamps.
public struct JSONWriter {
    /// The text written so far.
    public var bytes: [UInt8] = []
    /// How strings' control characters are escaped.
    public let style: JSONStringStyle

    /// An empty writer with room for `capacity` bytes.
    public init(capacity: Int = 256, style: JSONStringStyle = .unicodeEscapes) {
        self.style = style
        bytes.reserveCapacity(capacity)
    }

    /// Appends literal JSON text (punctuation and member names known to need no escaping).
    @inlinable
    public mutating func raw(_ text: StaticString) {
        text.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    /// Appends `"key":` for a key that needs no escaping.
    @inlinable
    public mutating func key(_ name: StaticString) {
        bytes.append(UInt8(ascii: "\""))
        raw(name)
        bytes.append(contentsOf: [UInt8(ascii: "\""), UInt8(ascii: ":")])
    }

    /// Appends a quoted, escaped string.
    @inlinable
    public mutating func string(_ value: String) {
        bytes.appendJSONString(value, style: style)
    }

    /// Appends a decimal integer.
    @inlinable
    public mutating func int(_ value: Int64) {
        bytes.appendDecimal(value)
    }

    /// Appends `true` or `false`.
    @inlinable
    public mutating func bool(_ value: Bool) {
        value ? raw("true") : raw("false")
    }

    /// Appends a timestamp as a quoted ISO-8601 UTC string with nanoseconds.
    @inlinable
    public mutating func timestamp(_ value: Timestamp) {
        bytes.append(UInt8(ascii: "\""))
        bytes.appendISO8601(value)
        bytes.append(UInt8(ascii: "\""))
    }
}
