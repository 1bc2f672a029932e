import APIClient
import StrategyKit
import Wire

/// POST `/v2/orders`: places an order for whole shares with our own `client_order_id`.
///
/// Never resent blindly: if the answer is lost the invoker reports `outcomeUnknown`, which a
/// lookup by `clientOrderID` settles (`AlpacaClient.place(_:)` does that).
public struct PlaceAlpacaOrder: AlpacaCommand, Hashable {
    /// How the order meets the market.
    public enum OrderKind: String, Sendable, Hashable, CaseIterable {
        case market, limit
    }

    /// How long the order stays.
    public enum TimeInForce: String, Sendable, Hashable, CaseIterable {
        /// Until the day's close.
        case day
        /// Until cancelled.
        case gtc
        /// Fill what can be filled at once, cancel the rest.
        case ioc
        /// Fill all at once or nothing.
        case fok
    }

    public var symbol: Symbol
    public var side: Side
    /// Whole shares, positive.
    public var qty: Quantity
    public var kind: OrderKind
    public var timeInForce: TimeInForce
    /// The limit price of a limit order; ignored for a market order.
    public var limitPrice: Price
    /// Our id of the order, unique per account (Alpaca refuses a second order with it).
    public var clientOrderID: String
    /// Whether the order may execute outside regular hours (limit/day orders only).
    public var extendedHours: Bool

    public init(
        symbol: Symbol, side: Side, qty: Quantity, kind: OrderKind, timeInForce: TimeInForce, limitPrice: Price = .zero,
        clientOrderID: String, extendedHours: Bool = false
    ) {
        self.symbol = symbol
        self.side = side
        self.qty = qty
        self.kind = kind
        self.timeInForce = timeInForce
        self.limitPrice = limitPrice
        self.clientOrderID = clientOrderID
        self.extendedHours = extendedHours
    }

    /// The Alpaca order for a Tickwork order type: limit → limit/day, immediate-or-cancel →
    /// limit/ioc, fill-or-kill → limit/fok, market → market/day.
    public init(_ request: OrderRequest, clientOrderID: String, extendedHours: Bool = false) {
        let kind: OrderKind, tif: TimeInForce
        switch request.type {
        case .limit: (kind, tif) = (.limit, .day)
        case .immediateOrCancel: (kind, tif) = (.limit, .ioc)
        case .fillOrKill: (kind, tif) = (.limit, .fok)
        case .market: (kind, tif) = (.market, .day)
        }
        self.init(
            symbol: request.symbol, side: request.side, qty: request.qty, kind: kind, timeInForce: tif, limitPrice: request.price,
            clientOrderID: clientOrderID, extendedHours: extendedHours && kind == .limit && tif == .day)
    }

    public var api: AlpacaAPI { .trading }
    public var method: HTTPMethod { .post }
    public var path: String { "/v2/orders" }
    public var isPlacement: Bool { true }

    public var body: [UInt8]? {
        var bytes: [UInt8] = Array(#"{"symbol":"#.utf8)
        bytes.appendJSONString(symbol.rawValue)
        bytes.append(contentsOf: Array(#","qty":""#.utf8))
        bytes.appendDecimal(qty.shares)
        bytes.append(contentsOf: Array(#"","side":"#.utf8))
        bytes.appendJSONString(side.rawValue)
        bytes.append(contentsOf: Array(#","type":"#.utf8))
        bytes.appendJSONString(kind.rawValue)
        bytes.append(contentsOf: Array(#","time_in_force":"#.utf8))
        bytes.appendJSONString(timeInForce.rawValue)
        if kind == .limit {
            bytes.append(contentsOf: Array(#","limit_price":""#.utf8))
            bytes.appendDollars(limitPrice)
            bytes.append(UInt8(ascii: "\""))
        }
        bytes.append(contentsOf: Array(#","client_order_id":"#.utf8))
        bytes.appendJSONString(clientOrderID)
        if extendedHours { bytes.append(contentsOf: Array(#","extended_hours":true"#.utf8)) }
        bytes.append(UInt8(ascii: "}"))
        return bytes
    }

    public func decode(_ body: UnsafeRawBufferPointer) throws(JSONReadError) -> AlpacaOrder {
        try JSONReader.document(body) { reader throws(JSONReadError) in try AlpacaOrder(reading: &reader) }
    }

    public var description: String {
        let price = kind == .limit ? " @ \(limitPrice)" : ""
        return "POST /v2/orders \(side.rawValue) \(qty) \(symbol) \(kind.rawValue)/\(timeInForce.rawValue)\(price) as \(clientOrderID)"
    }
}
