import APIClient
import StrategyKit
import Wire

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
        do throws(JSONReadError) {
            var reader = JSONReader(body)
            var named = venue
            try reader.readObject { reader, key throws(JSONReadError) in
                if key.equals("venue") { named = Venue(try reader.string()) } else { try reader.skipValue() }
            }
            try reader.expectEnd()
            return named
        } catch {
            throw ExchangeError(error)
        }
    }
}
