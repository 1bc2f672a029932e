/// A point in time: integer nanoseconds since the Unix epoch (UTC).
///
/// Encodes as a JSON integer; `description` is ISO-8601 UTC, e.g.
/// `2015-12-04T09:02:16.680986205Z` (the host's Wire part converts to and from such strings).
@frozen
public struct Timestamp: Hashable, Comparable, Sendable, Codable, CustomStringConvertible {
    /// Nanoseconds since 1970-01-01T00:00:00Z.
    public var nanoseconds: Int64

    @inlinable
    public init(nanoseconds: Int64) { self.nanoseconds = nanoseconds }

    /// The epoch itself.
    @inlinable
    public static var zero: Timestamp { Timestamp(nanoseconds: 0) }

    public init(from decoder: any Decoder) throws {
        nanoseconds = try decoder.singleValueContainer().decode(Int64.self)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(nanoseconds)
    }

    @inlinable
    public static func < (lhs: Timestamp, rhs: Timestamp) -> Bool { lhs.nanoseconds < rhs.nanoseconds }

    @inlinable
    public static func == (lhs: Timestamp, rhs: Timestamp) -> Bool { lhs.nanoseconds == rhs.nanoseconds }

    @inlinable
    public func hash(into hasher: inout Hasher) { hasher.combine(nanoseconds) }

    /// This time moved by `nanoseconds`.
    @inlinable
    public func advanced(byNanoseconds nanoseconds: Int64) -> Timestamp {
        Timestamp(nanoseconds: self.nanoseconds + nanoseconds)
    }

    /// This time moved by `milliseconds`.
    @inlinable
    public func advanced(byMilliseconds milliseconds: Int64) -> Timestamp {
        advanced(byNanoseconds: milliseconds * 1_000_000)
    }

    /// Nanoseconds from `other` to this time (negative when `other` is later).
    @inlinable
    public func nanoseconds(since other: Timestamp) -> Int64 { nanoseconds - other.nanoseconds }

    public var description: String { iso8601 }
}
