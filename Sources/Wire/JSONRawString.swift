/// A JSON string as it stands in the input: the bytes between its quotes, escapes unresolved.
/// Valid as long as the input it was read from.
public struct JSONRawString {
    /// The bytes between the quotes.
    public let bytes: UnsafeRawBufferPointer
    /// Whether the bytes hold a backslash escape (`JSONReader.unescape` resolves them).
    public let isEscaped: Bool
    /// Whether every byte is ASCII (so the bytes are valid UTF-8 without checking).
    public let isASCII: Bool
    /// The byte offset of the first byte after the opening quote.
    public let offset: Int

    @inlinable
    init(bytes: UnsafeRawBufferPointer, isEscaped: Bool, isASCII: Bool, offset: Int) {
        self.bytes = bytes
        self.isEscaped = isEscaped
        self.isASCII = isASCII
        self.offset = offset
    }

    /// Whether the raw bytes are exactly `text` (an escaped string never equals a plain name).
    @inlinable
    public func equals(_ text: StaticString) -> Bool {
        let count = text.utf8CodeUnitCount
        guard bytes.count == count else { return false }
        let other = text.utf8Start
        for index in 0..<count where bytes[index] != other[index] { return false }
        return true
    }
}
