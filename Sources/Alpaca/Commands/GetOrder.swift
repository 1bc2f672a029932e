import APIClient
import Wire

/// GET `/v2/orders/{id}`: one order by Alpaca's id; 404 if there is none.
public struct GetOrder: AlpacaCommand, Hashable {
    public var id: String

    public init(id: String) { self.id = id }
    public var api: AlpacaAPI { .trading }
    public var method: HTTPMethod { .get }
    public var path: String { "/v2/orders/" + PercentEncoding.encode(id) }

    public func decode(_ body: UnsafeRawBufferPointer) throws(JSONReadError) -> AlpacaOrder {
        try JSONReader.document(body) { reader throws(JSONReadError) in try AlpacaOrder(reading: &reader) }
    }
}
