import StrategyKit
import Wire

extension AlpacaOrderRequest {
    /// The fields of an order body (`POST /v2/orders`, or `PATCH /v2/orders/{id}`'s), unchecked;
    /// 422 naming `call` for a body that is not a JSON object of readable fields.
    static func fields(of body: [UInt8], call: String) throws(AlpacaFailure) -> Fields {
        let parsed: Result<Fields, JSONReadError> = body.withUnsafeBytes { buffer in
            do throws(JSONReadError) {
                return .success(try Self.read(buffer))
            } catch {
                return .failure(error)
            }
        }
        switch parsed {
        case let .success(read): return read
        case let .failure(error): throw .invalid("\(call): the body is not a valid order: \(error)")
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
            } else if key.equals("stop_price") {
                fields.stopPrice = try reader.dollarPrice(field: "stop_price")
            } else if key.equals("trail_price") {
                fields.trailPrice = try reader.dollarPrice(field: "trail_price")
            } else if key.equals("trail") {
                fields.trail = try reader.fixedPoint(scale: AlpacaTrail.percentPlaces, field: "trail")
            } else if key.equals("trail_percent") {
                fields.trailPercent = try reader.fixedPoint(scale: AlpacaTrail.percentPlaces, field: "trail_percent")
            } else if key.equals("client_order_id") {
                fields.clientOrderID = try reader.string()
            } else if key.equals("extended_hours") {
                fields.extendedHours = try reader.bool()
            } else if key.equals("order_class") {
                fields.orderClass = try reader.string()
            } else if key.equals("take_profit") {
                try reader.readObject { reader, key throws(JSONReadError) in
                    if try reader.null() { return }
                    if key.equals("limit_price") {
                        fields.takeProfitLimit = try reader.dollarPrice(field: "take_profit.limit_price")
                    } else {
                        try reader.skipValue()
                    }
                }
            } else if key.equals("stop_loss") {
                try reader.readObject { reader, key throws(JSONReadError) in
                    if try reader.null() { return }
                    if key.equals("stop_price") {
                        fields.stopLossStop = try reader.dollarPrice(field: "stop_loss.stop_price")
                    } else if key.equals("limit_price") {
                        fields.stopLossLimit = try reader.dollarPrice(field: "stop_loss.limit_price")
                    } else {
                        try reader.skipValue()
                    }
                }
            } else {
                try reader.skipValue()
            }
        }
        try reader.expectEnd()
        return fields
    }
}
