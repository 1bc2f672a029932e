import APIClient
import Wire

/// GET `/v2/orders/{id}?nested=true`: one order by Alpaca's id, a group's parent with its
/// legs; 404 if there is none.
public struct GetOrder: AlpacaCommand, Hashable {
    public var id: String

    public init(id: String) { self.id = id }
    public var api: AlpacaAPI { .trading }
    public var method: HTTPMethod { .get }
    public var path: String { AlpacaPath.make("/v2/orders/" + PercentEncoding.encode(id), [("nested", "true")]) }

    public func decode(_ body: UnsafeRawBufferPointer) throws(JSONReadError) -> AlpacaOrder {
        try JSONReader.document(body) { reader throws(JSONReadError) in try AlpacaOrder(reading: &reader) }
    }
}
