import APIClient
import StrategyKit

/// GET `/heartbeat`: whether the API is up. Succeeds with no value; fails as any call does.
public struct Heartbeat: ExchangeCommand, Hashable {
    public init() {}

    public var rateLimitVenue: Venue? { nil }
    public var method: HTTPMethod { .get }
    public var path: String { "/heartbeat" }

    public func decode(_ body: UnsafeRawBufferPointer, context: DecodeContext) throws(ExchangeError) {}
}
