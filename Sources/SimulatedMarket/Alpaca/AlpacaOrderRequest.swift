import StrategyKit
import Wire

/// The body of `POST /v2/orders`, read field by field (`AlpacaOrderRequest+Reading.swift`) and
/// checked: numbers may come as JSON numbers or strings (alpaca-py sends `"qty": 10.0`), prices
/// in decimal dollars, read exactly. Types market, limit, stop, stop_limit and trailing_stop;
/// classes simple, bracket, oco and oto. `notional` (fractional) orders are refused 422, saying so.
struct AlpacaOrderRequest {
    /// A bracket's, OCO's or OTO's exit: a take-profit limit or a stop-loss stop (or stop-limit).
    struct Exit {
        var kind: AlpacaOrderRecord.Kind
        var limitPrice: Price?
        var stopPrice: Price?
    }

    var symbol: Symbol
    var qty: Quantity
    var side: Side
    var kind: AlpacaOrderRecord.Kind
    var timeInForce: AlpacaOrderRecord.TimeInForce
    var limitPrice: Price?
    var stopPrice: Price?
    var trail: AlpacaTrail?
    var orderClass: AlpacaOrderRecord.OrderClass
    /// The legs to hold beside the order, take-profit first (empty for a simple order).
    var exits: [Exit]
    var clientOrderID: String?
    var extendedHours: Bool

    /// The longest `client_order_id` taken (Alpaca's documented limit).
    static let maxClientOrderIDLength = 128

    /// The fields as read, before any check.
    struct Fields {
        var symbol: String?
        var qty: Int64?
        var notional = false
        var side: String?
        var type: String?
        var timeInForce: String?
        var limitPrice: Price?
        var stopPrice: Price?
        var trailPrice: Price?
        var trailPercent: Int64?
        /// `PATCH`'s `trail`: a trailing stop's new offset, in dollars or percent as it trails.
        var trail: Int64?
        var clientOrderID: String?
        var extendedHours = false
        var orderClass: String?
        var takeProfitLimit: Price?
        var stopLossStop: Price?
        var stopLossLimit: Price?
    }

    /// Parses and validates `body`; throws 422 naming the first field at fault.
    init(body: [UInt8]) throws(AlpacaFailure) {
        let fields = try Self.fields(of: body, call: "POST /v2/orders")
        guard let symbol = fields.symbol, !symbol.isEmpty else { throw .invalid("symbol is required") }
        guard !fields.notional else { throw .invalid("notional orders are not supported by the simulated exchange; give qty") }
        guard let qty = fields.qty, qty > 0, qty <= Quantity.maxAccepted.shares else {
            throw .invalid("qty must be a whole number of shares from 1 to \(Quantity.maxAccepted.shares)")
        }
        guard let sideName = fields.side, let side = Side(rawValue: sideName) else { throw .invalid("side must be buy or sell") }
        let typeName = fields.type ?? "market"
        guard let kind = AlpacaOrderRecord.Kind(rawValue: typeName) else {
            throw .invalid("type \(typeName) is not supported: use market, limit, stop, stop_limit or trailing_stop")
        }
        let tifName = fields.timeInForce ?? "day"
        guard let timeInForce = AlpacaOrderRecord.TimeInForce(rawValue: tifName) else {
            throw .invalid("time_in_force \(tifName) is not supported: use day, gtc, ioc, fok, opg or cls")
        }
        let className = fields.orderClass.flatMap { $0.isEmpty ? nil : $0 } ?? "simple"
        guard let orderClass = AlpacaOrderRecord.OrderClass(rawValue: className) else {
            throw .invalid("order_class \(className) is not supported: use simple, bracket, oco or oto")
        }
        for (name, price) in [("limit_price", fields.limitPrice), ("stop_price", fields.stopPrice),
                              ("take_profit.limit_price", fields.takeProfitLimit), ("stop_loss.stop_price", fields.stopLossStop),
                              ("stop_loss.limit_price", fields.stopLossLimit)] {
            if let price { try Self.checkTick(price, name) }
        }
        if let id = fields.clientOrderID, id.isEmpty || id.utf8.count > Self.maxClientOrderIDLength {
            throw .invalid("client_order_id must be 1 to \(Self.maxClientOrderIDLength) characters")
        }
        self.symbol = Symbol(symbol)
        self.qty = Quantity(shares: qty)
        self.side = side
        self.kind = kind
        self.timeInForce = timeInForce
        self.orderClass = orderClass
        // An OCO's parent is its take-profit: Alpaca's examples give its price only there.
        limitPrice = fields.limitPrice ?? (orderClass == .oco ? fields.takeProfitLimit : nil)
        stopPrice = fields.stopPrice
        exits = []
        clientOrderID = fields.clientOrderID
        extendedHours = fields.extendedHours
        try checkPrices(fields)
        try checkClass(fields)
    }

    /// 422 for a price of $1.00 or more that is not in whole cents: US equity venues quote
    /// $1.00 and above in whole cents, below it to $0.0001.
    static func checkTick(_ price: Price, _ name: String) throws(AlpacaFailure) {
        if price >= Price(cents: 100), price.wholeCents == nil {
            throw .invalid("\(name) \(price) is not on the tick: prices of $1.00 and above are whole cents")
        }
    }

    /// The prices each type needs, and only those kept; the time in force each type takes.
    private mutating func checkPrices(_ fields: Fields) throws(AlpacaFailure) {
        switch kind {
        case .market:
            limitPrice = nil
            stopPrice = nil
        case .limit:
            guard limitPrice != nil else { throw .invalid("limit_price is required for limit orders") }
            stopPrice = nil
        case .stop, .stopLimit:
            guard stopPrice.map({ $0 > .zero }) == true else { throw .invalid("stop_price is required for \(kind.rawValue) orders") }
            if kind == .stop { limitPrice = nil }
            if kind == .stopLimit, limitPrice == nil { throw .invalid("limit_price is required for stop_limit orders") }
        case .trailingStop:
            limitPrice = nil
            stopPrice = nil
            switch (fields.trailPrice, fields.trailPercent) {
            case let (price?, nil) where price > .zero: trail = .price(price)
            case let (nil, percent?) where percent > 0 && percent < AlpacaTrail.hundredPercent: trail = .percent(percent)
            default: throw .invalid("trailing_stop orders need exactly one of trail_price (above 0) or trail_percent (between 0 and 100)")
            }
            guard timeInForce == .day || timeInForce == .gtc else { throw .invalid("trailing_stop orders take time_in_force day or gtc") }
        }
        if kind.isStop, timeInForce == .opg || timeInForce == .cls {
            throw .invalid("time_in_force \(timeInForce.rawValue) is for market and limit orders only")
        }
    }

    /// A bracket is an entry (market or limit) with a take-profit and a stop-loss; an OCO a
    /// take-profit limit with a stop-loss, for shares held; an OTO an entry with one of the two.
    /// Exits are on the other side, for the same shares, with the same time in force (day or gtc).
    private mutating func checkClass(_ fields: Fields) throws(AlpacaFailure) {
        guard orderClass != .simple else { return }
        guard timeInForce == .day || timeInForce == .gtc else {
            throw .invalid("\(orderClass.rawValue) orders take time_in_force day or gtc")
        }
        let takeProfit = fields.takeProfitLimit.map { Exit(kind: .limit, limitPrice: $0) }
        let stopLoss = fields.stopLossStop.map {
            Exit(kind: fields.stopLossLimit == nil ? .stop : .stopLimit, limitPrice: fields.stopLossLimit, stopPrice: $0)
        }
        switch orderClass {
        case .simple:
            return
        case .bracket:
            guard kind == .market || kind == .limit else { throw .unprocessable("bracket orders must be entry orders: type market or limit") }
            guard let takeProfit, let stopLoss else { throw .invalid("bracket orders require take_profit.limit_price and stop_loss.stop_price") }
            exits = [takeProfit, stopLoss]
        case .oco:
            guard kind == .limit || kind == .market, let takeProfit, let stopLoss else {
                throw .invalid("oco orders are a limit order with take_profit.limit_price and stop_loss.stop_price")
            }
            kind = .limit
            limitPrice = takeProfit.limitPrice
            exits = [stopLoss]
        case .oto:
            guard kind == .market || kind == .limit else { throw .unprocessable("oto orders must be entry orders: type market or limit") }
            guard (takeProfit == nil) != (stopLoss == nil), let exit = takeProfit ?? stopLoss else {
                throw .invalid("oto orders require exactly one of take_profit.limit_price or stop_loss.stop_price")
            }
            exits = [exit]
        }
        try checkExitPrices(takeProfit: takeProfit?.limitPrice, stopLoss: stopLoss?.stopPrice)
    }

    /// A long's take-profit above its stop-loss (and its entry limit between them); a short's
    /// the other way round.
    private func checkExitPrices(takeProfit: Price?, stopLoss: Price?) throws(AlpacaFailure) {
        let entry = orderClass == .oco ? nil : limitPrice
        let long = orderClass == .oco ? side == .sell : side == .buy
        let ordered = [stopLoss, entry, takeProfit].compactMap { $0 }
        let rising = zip(ordered, ordered.dropFirst()).allSatisfy { long ? $0 < $1 : $0 > $1 }
        guard rising else {
            let word = long ? "above" : "below"
            throw .invalid("take_profit.limit_price must be \(word) the entry's limit_price, and that \(word) stop_loss.stop_price")
        }
    }
}
