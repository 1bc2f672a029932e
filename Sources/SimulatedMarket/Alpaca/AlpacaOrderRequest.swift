import StrategyKit
import Wire

/// The body of `POST /v2/orders`, read field by field and checked: numbers may come as JSON
/// numbers or strings (alpaca-py sends `"qty": 10.0`), prices in decimal dollars, read exactly.
/// Alpaca's order types the simulated exchange does not trade (stop, stop_limit, trailing_stop),
/// `notional` (fractional) orders and `opg`/`cls` are refused 422, saying so.
struct AlpacaOrderRequest {
    var symbol: Symbol
    var qty: Quantity
    var side: Side
    var kind: AlpacaOrderRecord.Kind
    var timeInForce: AlpacaOrderRecord.TimeInForce
    var limitPrice: Price?
    var clientOrderID: String?
    var extendedHours: Bool

    /// The longest `client_order_id` taken (Alpaca's documented limit).
    static let maxClientOrderIDLength = 128

    private struct Fields {
        var symbol: String?
        var qty: Int64?
        var notional = false
        var side: String?
        var type: String?
        var timeInForce: String?
        var limitPrice: Price?
        var stopPrice = false
        var clientOrderID: String?
        var extendedHours = false
        var orderClass: String?
    }

    /// Parses and validates `body`; throws 422 naming the first field at fault.
    init(body: [UInt8]) throws(AlpacaFailure) {
        let parsed: Result<Fields, JSONReadError> = body.withUnsafeBytes { buffer in
            do throws(JSONReadError) {
                return .success(try Self.read(buffer))
            } catch {
                return .failure(error)
            }
        }
        let fields: Fields
        switch parsed {
        case let .success(read): fields = read
        case let .failure(error): throw .invalid("POST /v2/orders: the body is not a valid order: \(error)")
        }
        guard let symbol = fields.symbol, !symbol.isEmpty else { throw .invalid("symbol is required") }
        guard !fields.notional else { throw .invalid("notional orders are not supported by the simulated exchange; give qty") }
        guard let qty = fields.qty, qty > 0, qty <= Quantity.maxAccepted.shares else {
            throw .invalid("qty must be a whole number of shares from 1 to \(Quantity.maxAccepted.shares)")
        }
        guard let sideName = fields.side, let side = Side(rawValue: sideName) else { throw .invalid("side must be buy or sell") }
        let typeName = fields.type ?? "market"
        guard let kind = AlpacaOrderRecord.Kind(rawValue: typeName) else {
            throw .invalid("type \(typeName) is not supported by the simulated exchange: use market or limit")
        }
        let tifName = fields.timeInForce ?? "day"
        guard let timeInForce = AlpacaOrderRecord.TimeInForce(rawValue: tifName) else {
            throw .invalid("time_in_force \(tifName) is not supported by the simulated exchange: use day, gtc, ioc or fok")
        }
        if kind == .limit, fields.limitPrice == nil { throw .invalid("limit_price is required for limit orders") }
        // US equity venues quote $1.00 and above in whole cents, below it to $0.0001.
        if let price = fields.limitPrice, price >= Price(cents: 100), price.wholeCents == nil {
            throw .invalid("limit_price \(price) is not on the tick: prices of $1.00 and above are whole cents")
        }
        guard !fields.stopPrice else { throw .invalid("stop_price is not supported by the simulated exchange") }
        if let orderClass = fields.orderClass, !orderClass.isEmpty, orderClass != "simple" {
            throw .invalid("order_class \(orderClass) is not supported by the simulated exchange: use simple")
        }
        if let id = fields.clientOrderID, id.isEmpty || id.utf8.count > Self.maxClientOrderIDLength {
            throw .invalid("client_order_id must be 1 to \(Self.maxClientOrderIDLength) characters")
        }
        self.symbol = Symbol(symbol)
        self.qty = Quantity(shares: qty)
        self.side = side
        self.kind = kind
        self.timeInForce = timeInForce
        limitPrice = kind == .limit ? fields.limitPrice : nil
        clientOrderID = fields.clientOrderID
        extendedHours = fields.extendedHours
    }

    /// What the matching engine is asked for: limit day/gtc rests, ioc and fok map onto the
    /// engine's own; a market fok is a fill-or-kill at the most (buy) or least (sell) price.
    var engineOrder: (type: OrderType, price: Price) {
        switch (kind, timeInForce) {
        case (.market, .fok): (.fillOrKill, side == .buy ? Price.maxAccepted : .zero)
        case (.market, _): (.market, .zero)
        case (.limit, .ioc): (.immediateOrCancel, limitPrice ?? .zero)
        case (.limit, .fok): (.fillOrKill, limitPrice ?? .zero)
        case (.limit, _): (.limit, limitPrice ?? .zero)
        }
    }

    private static func read(_ buffer: UnsafeRawBufferPointer) throws(JSONReadError) -> Fields {
        var fields = Fields()
        var reader = JSONReader(buffer)
        try reader.readObject { reader, key throws(JSONReadError) in
            if try reader.null() { return }
            if key.equals("symbol") {
                fields.symbol = try reader.string()
            } else if key.equals("qty") {
                fields.qty = try reader.fixedPoint(scale: 0, field: "qty")
            } else if key.equals("notional") {
                fields.notional = true
                try reader.skipValue()
            } else if key.equals("side") {
                fields.side = try reader.string()
            } else if key.equals("type") || key.equals("order_type") {
                fields.type = try reader.string()
            } else if key.equals("time_in_force") {
                fields.timeInForce = try reader.string()
            } else if key.equals("limit_price") {
                fields.limitPrice = try reader.dollarPrice(field: "limit_price")
            } else if key.equals("stop_price") || key.equals("trail_price") || key.equals("trail_percent") {
                fields.stopPrice = true
                try reader.skipValue()
            } else if key.equals("client_order_id") {
                fields.clientOrderID = try reader.string()
            } else if key.equals("extended_hours") {
                fields.extendedHours = try reader.bool()
            } else if key.equals("order_class") {
                fields.orderClass = try reader.string()
            } else {
                try reader.skipValue()
            }
        }
        try reader.expectEnd()
        return fields
    }
}
