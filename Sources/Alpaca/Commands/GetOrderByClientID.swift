import APIClient
import Wire

/// GET `/v2/orders:by_client_order_id`: the order we placed with `clientOrderID`; 404 if
/// there is none. This settles a placement whose answer was lost.
public struct GetOrderByClientID: AlpacaCommand, Hashable {
    public var clientOrderID: String

    public init(clientOrderID: String) { self.clientOrderID = clientOrderID }
    public var api: AlpacaAPI { .trading }
    public var method: HTTPMethod { .get }
    public var path: String { AlpacaPath.make("/v2/orders:by_client_order_id", [("client_order_id", clientOrderID)]) }

    public func decode(_ body: UnsafeRawBufferPointer) throws(JSONReadError) -> AlpacaOrder {
        try JSONReader.document(body) { reader throws(JSONReadError) in try AlpacaOrder(reading: &reader) }
    }
}
