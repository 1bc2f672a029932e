import APIClient
import StrategyKit
import Wire

/// POST `/v2/orders`: places an order for whole shares with our own `client_order_id`: a single
/// order of any type, or the parent of a bracket, OCO or OTO with its exits as `take_profit` and
/// `stop_loss` (`init(_:clientOrderID:)` for an `OrderGroup`).
///
/// Never resent blindly: if the answer is lost the invoker reports `outcomeUnknown`, which a
/// lookup by `clientOrderID` settles (`AlpacaClient.place(_:)` does that).
public struct PlaceAlpacaOrder: AlpacaPlacement, Hashable {
    /// How the order meets the market.
    public enum OrderKind: String, Sendable, Hashable, CaseIterable {
        case market, limit, stop
        case stopLimit = "stop_limit"
        case trailingStop = "trailing_stop"

        /// Whether the order carries a limit price.
        public var isLimited: Bool { self == .limit || self == .stopLimit }
        /// Whether the order carries a stop price.
        public var isStopped: Bool { self == .stop || self == .stopLimit }
    }

    /// How long the order stays.
    public enum TimeInForce: String, Sendable, Hashable, CaseIterable {
        /// Until the day's close.
        case day
        /// Until cancelled.
        case gtc
        /// In the opening auction only.
        case opg
        /// In the closing auction only.
        case cls
        /// Fill what can be filled at once, cancel the rest.
        case ioc
        /// Fill all at once or nothing.
        case fok
    }

    /// A bracket's or OCO's stop-loss, or an OTO's exit when it is a stop: a stop at
    /// `stopPrice`, or a stop-limit when `limitPrice` is given.
    public struct StopLoss: Sendable, Hashable {
        public var stopPrice: Price
        public var limitPrice: Price?

        public init(stopPrice: Price, limitPrice: Price? = nil) {
            self.stopPrice = stopPrice
            self.limitPrice = limitPrice
        }
    }

    public var symbol: Symbol
    public var side: Side
    /// Whole shares, positive.
    public var qty: Quantity
    public var kind: OrderKind
    public var timeInForce: TimeInForce
    /// The limit price of a limit or stop-limit order; ignored for the others, and for an OCO,
    /// whose limit is its `takeProfit`.
    public var limitPrice: Price
    /// The stop price of a stop or stop-limit order; ignored for the others.
    public var stopPrice: Price
    /// A trailing stop's distance (`trail_price`, or `trail_percent` for basis points).
    public var trail: Trail?
    /// The order's class; nil for a single order.
    public var orderClass: OrderClass?
    /// The take-profit's limit price (`take_profit.limit_price`) of a group.
    public var takeProfit: Price?
    /// The stop-loss (`stop_loss`) of a group.
    public var stopLoss: StopLoss?
    /// Our id of the order, unique per account (Alpaca refuses a second order with it).
    public var clientOrderID: String
    /// Whether the order may execute outside regular hours (limit/day orders only).
    public var extendedHours: Bool

    public init(
        symbol: Symbol, side: Side, qty: Quantity, kind: OrderKind, timeInForce: TimeInForce, limitPrice: Price = .zero,
        stopPrice: Price = .zero, trail: Trail? = nil, clientOrderID: String, extendedHours: Bool = false
    ) {
        self.symbol = symbol
        self.side = side
        self.qty = qty
        self.kind = kind
        self.timeInForce = timeInForce
        self.limitPrice = limitPrice
        self.stopPrice = stopPrice
        self.trail = trail
        self.clientOrderID = clientOrderID
        self.extendedHours = extendedHours
    }

    /// The Alpaca order for a Tickwork order. The kind comes from the trigger and the type: no
    /// trigger → market or limit; a stop → stop (market) or stop_limit (any priced type); a
    /// trail → trailing_stop. The time in force is the request's, except for
    /// immediate-or-cancel and fill-or-kill, which Alpaca takes as the times in force `ioc` and
    /// `fok`. Extended hours apply to limit/day orders only.
    public init(_ request: OrderRequest, clientOrderID: String, extendedHours: Bool = false) {
        let tif: TimeInForce
        switch request.type {
        case .immediateOrCancel: tif = .ioc
        case .fillOrKill: tif = .fok
        case .limit, .market: tif = TimeInForce(request.timeInForce)
        }
        let kind: OrderKind
        var stopPrice = Price.zero, trail: Trail?
        switch request.trigger {
        case nil: kind = request.type == .market ? .market : .limit
        case .stop(let stop)?:
            kind = request.type == .market ? .stop : .stopLimit
            stopPrice = stop
        case .trailing(let distance)?:
            kind = .trailingStop
            trail = distance
        }
        self.init(
            symbol: request.symbol, side: request.side, qty: request.qty, kind: kind, timeInForce: tif, limitPrice: request.price,
            stopPrice: stopPrice, trail: trail, clientOrderID: clientOrderID,
            extendedHours: extendedHours && kind == .limit && tif == .day)
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
        if kind.isLimited && orderClass != .oco { bytes.appendDollarsField("limit_price", limitPrice) }
        if kind.isStopped { bytes.appendDollarsField("stop_price", stopPrice) }
        switch trail {
        case .price(let price)? where kind == .trailingStop: bytes.appendDollarsField("trail_price", price)
        case .basisPoints(let points)? where kind == .trailingStop:
            // Basis points are hundredths of a percent: 150 is "1.5".
            bytes.append(contentsOf: Array(#","trail_percent":""#.utf8))
            bytes.appendFixedPoint(points, scale: 2)
            bytes.append(UInt8(ascii: "\""))
        default: break
        }
        if let orderClass {
            bytes.append(contentsOf: Array(#","order_class":"#.utf8))
            bytes.appendJSONString(orderClass.rawValue)
        }
        if let takeProfit {
            bytes.append(contentsOf: Array(#","take_profit":{"#.utf8))
            bytes.appendDollarsField("limit_price", takeProfit, first: true)
            bytes.append(UInt8(ascii: "}"))
        }
        if let stopLoss {
            bytes.append(contentsOf: Array(#","stop_loss":{"#.utf8))
            bytes.appendDollarsField("stop_price", stopLoss.stopPrice, first: true)
            if let limit = stopLoss.limitPrice { bytes.appendDollarsField("limit_price", limit) }
            bytes.append(UInt8(ascii: "}"))
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
        var text = "POST /v2/orders \(side.rawValue) \(qty) \(symbol) \(kind.rawValue)/\(timeInForce.rawValue)"
        if kind.isLimited && orderClass != .oco { text += " @ \(limitPrice)" }
        if kind.isStopped { text += " stop \(stopPrice)" }
        switch trail {
        case .price(let price)?: text += " trail \(price)"
        case .basisPoints(let points)?: text += " trail \(points)bp"
        case nil: break
        }
        if let orderClass { text += " \(orderClass.rawValue)" }
        if let takeProfit { text += " take-profit \(takeProfit)" }
        if let stopLoss { text += " stop-loss \(stopLoss.stopPrice)\(stopLoss.limitPrice.map { " limit \($0)" } ?? "")" }
        return text + " as \(clientOrderID)"
    }
}

extension PlaceAlpacaOrder.TimeInForce {
    /// Alpaca's name for an engine's time in force (the same four).
    init(_ timeInForce: StrategyKit.TimeInForce) {
        switch timeInForce {
        case .day: self = .day
        case .gtc: self = .gtc
        case .opg: self = .opg
        case .cls: self = .cls
        }
    }
}
