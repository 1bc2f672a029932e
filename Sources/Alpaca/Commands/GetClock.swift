import APIClient
import Wire

/// GET `/v2/clock`: whether the market is open, and its next open and close.
public struct GetClock: AlpacaCommand, Hashable {
    public init() {}
    public var api: AlpacaAPI { .trading }
    public var method: HTTPMethod { .get }
    public var path: String { "/v2/clock" }

    public func decode(_ body: UnsafeRawBufferPointer) throws(JSONReadError) -> AlpacaClock {
        try JSONReader.document(body) { reader throws(JSONReadError) in try AlpacaClock(reading: &reader) }
    }
}
