import StrategyKit

/// GET `/venues/:venue/heartbeat`: whether a venue is up. Yields the venue the server names.
public struct VenueHeartbeat: ExchangeCommand, Hashable {
    /// The venue asked about.
    public var venue: Venue

    /// Asks whether `venue` is up.
    public init(venue: Venue) { self.venue = venue }

    public var rateLimitVenue: Venue? { venue }
    public var method: HTTPMethod { .get }
    public var path: String { APIPath.make("venues", venue.rawValue, "heartbeat") }

    public func decode(_ body: UnsafeRawBufferPointer, context: DecodeContext) throws(ExchangeError) -> Venue {
        var reader = JSONByteReader(body)
        var named = venue
        try reader.readObject { reader, key throws(ExchangeError) in
            if memoryEquals(key, "venue") { named = Venue(try reader.readString()) } else { try reader.skipValue() }
        }
        try reader.expectEnd()
        return named
    }
}
