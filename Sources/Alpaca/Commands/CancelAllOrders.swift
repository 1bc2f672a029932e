import APIClient
import Wire

/// DELETE `/v2/orders`: asks for the cancellation of every open order (207, one outcome per
/// order).
public struct CancelAllOrders: AlpacaCommand, Hashable {
    /// What the API said about one order's cancellation.
    public struct Outcome: Sendable, Hashable {
        /// Alpaca's id of the order.
        public var id: String
        /// The HTTP status of this order's cancellation (200 when accepted).
        public var status: Int
    }

    public init() {}
    public var api: AlpacaAPI { .trading }
    public var method: HTTPMethod { .delete }
    public var path: String { "/v2/orders" }

    public func decode(_ body: UnsafeRawBufferPointer) throws(JSONReadError) -> [Outcome] {
        try JSONReader.document(body) { reader throws(JSONReadError) in
            try reader.array { reader throws(JSONReadError) in
                var id = "", status: Int64 = 0
                try reader.readObject { reader, key throws(JSONReadError) in
                    if key.equals("id") { id = try reader.string() }
                    else if key.equals("status") { status = try reader.int64(in: 100...599, field: "cancel.status") }
                    else { try reader.skipValue() }
                }
                guard !id.isEmpty else { throw .refused("cancel: id missing") }
                return Outcome(id: id, status: Int(status))
            }
        }
    }
}
