import APIClient
import Wire

/// DELETE `/v2/orders/{id}`: asks for the order's cancellation (204, no body); 404 for an
/// unknown order, 422 for one that can no longer be cancelled. Cancelling twice is harmless,
/// so the invoker may retry it.
public struct CancelAlpacaOrder: AlpacaCommand, Hashable {
    public var id: String

    public init(id: String) { self.id = id }
    public var api: AlpacaAPI { .trading }
    public var method: HTTPMethod { .delete }
    public var path: String { "/v2/orders/" + PercentEncoding.encode(id) }

    public func decode(_ body: UnsafeRawBufferPointer) throws(JSONReadError) {}
}
