import StrategyKit
import Wire

extension JSONWriter {
    /// An Order object: every member Alpaca's models read, absent values as `null`; `legs` is
    /// the array of the order's legs (each an Order with `"legs":null`), or `null` when nil.
    mutating func alpacaOrder(_ order: AlpacaOrderRecord, legs: [AlpacaOrderRecord]?) {
        raw("{")
        stringMember("id", order.uuid)
        stringMember("client_order_id", order.clientOrderID)
        timeMember("created_at", order.createdAt)
        timeMember("updated_at", order.updatedAt)
        timeMember("submitted_at", order.createdAt)
        timeMember("filled_at", order.filledAt)
        timeMember("expired_at", order.expiredAt)
        timeMember("canceled_at", order.canceledAt)
        member("failed_at")
        raw("null")
        timeMember("replaced_at", order.replacedAt)
        orderIDMember("replaced_by", order.replacedBy)
        orderIDMember("replaces", order.replaces)
        stringMember("asset_id", AlpacaAsset.id(order.symbol))
        stringMember("symbol", order.symbol.rawValue)
        stringMember("asset_class", "us_equity")
        member("notional")
        raw("null")
        intString("qty", order.qty.shares)
        intString("filled_qty", order.filledQty.shares)
        member("filled_avg_price")
        if order.filledQty > .zero {
            bytes.append(UInt8(ascii: "\""))
            // The average to four places below the price unit, truncated: exact for whole-unit averages.
            let average = order.filledNotional.units * 10_000 / order.filledQty.shares
            bytes.appendFixedPoint(average, scale: Price.decimalPlaces + 4, minimumFractionDigits: 2)
            bytes.append(UInt8(ascii: "\""))
        } else {
            raw("null")
        }
        stringMember("order_class", order.orderClass.rawValue)
        stringMember("order_type", order.kind.rawValue)
        stringMember("type", order.kind.rawValue)
        stringMember("side", order.side.rawValue)
        stringMember("time_in_force", order.timeInForce.rawValue)
        dollarString("limit_price", order.limitPrice)
        dollarString("stop_price", order.stopPrice)
        member("trail_percent")
        if case let .percent(percent) = order.trail {
            bytes.append(UInt8(ascii: "\""))
            bytes.appendFixedPoint(percent, scale: AlpacaTrail.percentPlaces)
            bytes.append(UInt8(ascii: "\""))
        } else {
            raw("null")
        }
        if case let .price(offset) = order.trail { dollarString("trail_price", offset) } else { dollarString("trail_price", nil) }
        dollarString("hwm", order.hwm)
        stringMember("status", order.status)
        boolMember("extended_hours", order.extendedHours)
        member("legs")
        if let legs {
            array(legs) { $0.alpacaOrder($1, legs: nil) }
        } else {
            raw("null")
        }
        raw("}")
    }

    /// `"key":` then an order's UUID, or `null`.
    private mutating func orderIDMember(_ key: StaticString, _ id: OrderID?) {
        member(key)
        guard let id else { return raw("null") }
        string(AlpacaOrderRecord.uuid(id))
    }

    /// A fill activity of `/v2/account/activities/FILL`.
    mutating func alpacaFillActivity(_ fill: AlpacaFillActivity) {
        raw("{")
        stringMember("id", fill.id)
        stringMember("activity_type", "FILL")
        timeMember("transaction_time", fill.time)
        stringMember("type", fill.leavesQty == .zero ? "fill" : "partial_fill")
        dollarString("price", fill.price)
        intString("qty", fill.qty.shares)
        stringMember("side", fill.side.rawValue)
        stringMember("symbol", fill.symbol.rawValue)
        intString("leaves_qty", fill.leavesQty.shares)
        intString("cum_qty", fill.cumQty.shares)
        stringMember("order_id", AlpacaIdentifier.uuid(UInt64(bitPattern: fill.orderID.rawValue), .order))
        stringMember("order_status", fill.orderStatus)
        raw("}")
    }

    /// A Position object; `current` is the price it is valued at, `lastDay` the previous close.
    mutating func alpacaPosition(_ symbol: Symbol, _ position: AlpacaAccount.Position, available: Quantity, current: Price, lastDay: Price) {
        let marketValue = current * position.qty
        let profit = (marketValue - position.costBasis).units
        let intradayProfit = ((current - lastDay) * position.qty).units
        raw("{")
        stringMember("asset_id", AlpacaAsset.id(symbol))
        stringMember("symbol", symbol.rawValue)
        stringMember("exchange", AlpacaAsset.exchange)
        stringMember("asset_class", "us_equity")
        boolMember("asset_marginable", false)
        dollarString("avg_entry_price", Price(units: position.costBasis.units / max(1, position.qty.shares)))
        intString("qty", position.qty.shares)
        intString("qty_available", available.shares)
        stringMember("side", "long")
        dollarString("market_value", marketValue)
        dollarString("cost_basis", position.costBasis)
        dollarString("unrealized_pl", Money(units: profit))
        ratioString("unrealized_plpc", profit, over: position.costBasis.units)
        dollarString("unrealized_intraday_pl", Money(units: intradayProfit))
        ratioString("unrealized_intraday_plpc", intradayProfit, over: (lastDay * position.qty).units)
        dollarString("current_price", current)
        dollarString("lastday_price", lastDay)
        ratioString("change_today", (current - lastDay).units, over: lastDay.units)
        raw("}")
    }
}
