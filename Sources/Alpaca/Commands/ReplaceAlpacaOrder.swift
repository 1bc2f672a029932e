import APIClient
import StrategyKit
import Wire

/// PATCH `/v2/orders/{id}`: replaces an open order with a new one at a new limit or stop price
/// and quantity (the order's whole quantity, not what is left), nil leaving a field as it was.
/// Alpaca answers with the new order (its `replaces` names the old one, whose status becomes
/// `replaced`); the new order takes `clientOrderID`, so that it is ours after a restart too.
///
/// A placement: never resent blindly, a lost answer is settled by `clientOrderID`.
public struct ReplaceAlpacaOrder: AlpacaPlacement, Hashable {
    /// Alpaca's id of the order replaced.
    public var id: String
    public var qty: Quantity?
    /// The new limit price (a limit or stop-limit order).
    public var limitPrice: Price?
    /// The new stop price (a stop or stop-limit order).
    public var stopPrice: Price?
    /// Our id of the new order.
    public var clientOrderID: String

    public init(id: String, qty: Quantity? = nil, limitPrice: Price? = nil, stopPrice: Price? = nil, clientOrderID: String) {
        self.id = id
        self.qty = qty
        self.limitPrice = limitPrice
        self.stopPrice = stopPrice
        self.clientOrderID = clientOrderID
    }

    public var api: AlpacaAPI { .trading }
    public var method: HTTPMethod { .patch }
    public var path: String { "/v2/orders/" + PercentEncoding.encode(id) }
    public var isPlacement: Bool { true }

    public var body: [UInt8]? {
        var bytes: [UInt8] = Array(#"{"client_order_id":"#.utf8)
        bytes.appendJSONString(clientOrderID)
        if let qty {
            bytes.append(contentsOf: Array(#","qty":""#.utf8))
            bytes.appendDecimal(qty.shares)
            bytes.append(UInt8(ascii: "\""))
        }
        if let limitPrice { bytes.appendDollarsField("limit_price", limitPrice) }
        if let stopPrice { bytes.appendDollarsField("stop_price", stopPrice) }
        bytes.append(UInt8(ascii: "}"))
        return bytes
    }

    public func decode(_ body: UnsafeRawBufferPointer) throws(JSONReadError) -> AlpacaOrder {
        try JSONReader.document(body) { reader throws(JSONReadError) in try AlpacaOrder(reading: &reader) }
    }

    public var description: String {
        var text = "PATCH /v2/orders/\(id)"
        if let qty { text += " qty \(qty)" }
        if let limitPrice { text += " limit \(limitPrice)" }
        if let stopPrice { text += " stop \(stopPrice)" }
        return text + " as \(clientOrderID)"
    }
}
