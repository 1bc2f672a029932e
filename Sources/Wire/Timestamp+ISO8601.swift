@_spi(Wire) import StrategyKit

// The formatting and parsing live in the SDK, which needs them for `Timestamp.description`;
// they are SPI there, so that they are the host's wire format and not part of the plugin API.
extension Timestamp {
    /// The time as ISO-8601 UTC with nine fractional digits: `2015-12-04T09:02:16.680986205Z`.
    public var iso8601: String { description }

    /// Appends `iso8601` as UTF-8 to `bytes`, for writers that build lines without `String`s.
    public func appendISO8601(to bytes: inout [UInt8]) {
        formatISO8601(into: &bytes)
    }

    /// Parses an ISO-8601 UTC time with any number of fractional digits (digits past the ninth
    /// are dropped), `Z` or a numeric offset such as `+01:00`. Returns nil for anything else,
    /// and for a time that nanoseconds in `Int64` cannot hold (before 1677-09-21, after
    /// 2262-04-11).
    public init?(iso8601 text: String) {
        var text = text
        guard let value = text.withUTF8({ Timestamp(parsingISO8601: UnsafeRawBufferPointer($0)) }) else { return nil }
        self = value
    }

    /// Parses the UTF-8 bytes of an ISO-8601 time; the byte-level twin of `init?(iso8601:)`.
    public init?(iso8601UTF8 bytes: UnsafeRawBufferPointer) {
        self.init(parsingISO8601: bytes)
    }
}
