import StrategyKit

extension AlpacaOrderRecord {
    /// The order that replaces this one under `PATCH /v2/orders/{id}`, numbered `id`: the same
    /// order with each field the body gives overriding its own (`qty`, `limit_price`,
    /// `stop_price`, `trail`, `time_in_force`, `client_order_id`), for the shares this one has not
    /// filled unless `qty` says otherwise, in the same group. 422 naming the field that does not
    /// apply to the order's type or is out of range, or when the body gives none of them.
    func replacement(numbered id: OrderID, with fields: AlpacaOrderRequest.Fields, at time: Timestamp) throws(AlpacaFailure) -> AlpacaOrderRecord {
        guard fields.qty != nil || fields.limitPrice != nil || fields.stopPrice != nil || fields.trail != nil
            || fields.timeInForce != nil || fields.clientOrderID != nil else {
            throw .invalid("give at least one of qty, limit_price, stop_price, trail, time_in_force or client_order_id")
        }
        var new = AlpacaOrderRecord(
            id: id, account: account, clientOrderID: fields.clientOrderID ?? Self.uuid(id), symbol: symbol, side: side, kind: kind,
            timeInForce: timeInForce, limitPrice: limitPrice, qty: qty - filledQty, extendedHours: extendedHours, createdAt: time,
            updatedAt: time, orderClass: orderClass, stopPrice: stopPrice, trail: trail, hwm: hwm, parent: parent, legs: legs,
            awaitingEntry: awaitingEntry, replaces: self.id)
        if let qty = fields.qty {
            guard qty > 0, qty <= Quantity.maxAccepted.shares else {
                throw .invalid("qty must be a whole number of shares from 1 to \(Quantity.maxAccepted.shares)")
            }
            new.qty = Quantity(shares: qty)
        }
        if let name = fields.timeInForce {
            guard let tif = TimeInForce(rawValue: name) else { throw .invalid("time_in_force \(name) is not supported: use day, gtc, ioc, fok, opg or cls") }
            if (kind == .trailingStop || orderClass != .simple) && tif != .day && tif != .gtc {
                throw .invalid("time_in_force \(name): this order takes day or gtc")
            }
            new.timeInForce = tif
        }
        if let limit = fields.limitPrice {
            guard kind == .limit || kind == .stopLimit else { throw .invalid("limit_price applies to limit and stop_limit orders only") }
            try AlpacaOrderRequest.checkTick(limit, "limit_price")
            new.limitPrice = limit
        }
        if let stop = fields.stopPrice {
            guard kind == .stop || kind == .stopLimit else { throw .invalid("stop_price applies to stop and stop_limit orders only") }
            guard stop > .zero else { throw .invalid("stop_price must be above 0") }
            try AlpacaOrderRequest.checkTick(stop, "stop_price")
            new.stopPrice = stop
        }
        if let offset = fields.trail {
            switch trail {
            case .price?:
                guard offset > 0 else { throw .invalid("trail must be above 0") }
                new.trail = .price(Price(units: offset))
            case .percent?:
                guard offset > 0, offset < AlpacaTrail.hundredPercent else { throw .invalid("trail must be a percent between 0 and 100") }
                new.trail = .percent(offset)
            case nil:
                throw .invalid("trail applies to trailing_stop orders only")
            }
            if let hwm { new.stopPrice = new.trail?.stopPrice(from: hwm, side: side) }
        }
        if let clientOrderID = fields.clientOrderID, clientOrderID.isEmpty || clientOrderID.utf8.count > AlpacaOrderRequest.maxClientOrderIDLength {
            throw .invalid("client_order_id must be 1 to \(AlpacaOrderRequest.maxClientOrderIDLength) characters")
        }
        return new
    }
}
