import APIClient
import Wire

/// GET `/v2/positions`: the account's open positions.
public struct ListPositions: AlpacaCommand, Hashable {
    public init() {}
    public var api: AlpacaAPI { .trading }
    public var method: HTTPMethod { .get }
    public var path: String { "/v2/positions" }

    public func decode(_ body: UnsafeRawBufferPointer) throws(JSONReadError) -> [AlpacaPosition] {
        try JSONReader.document(body) { reader throws(JSONReadError) in
            try reader.array { reader throws(JSONReadError) in try AlpacaPosition(reading: &reader) }
        }
    }
}
