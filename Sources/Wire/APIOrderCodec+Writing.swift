import StrategyKit

extension APIOrderCodec {
    /// Writes the order object; with `ok`, the top-level response of place, status and cancel,
    /// without it, an entry of an order list. Members in the exchange's own order.
    public static func write(_ order: OrderStatus, ok: Bool, to writer: inout JSONWriter) {
        writer.raw(ok ? "{\"ok\":true,\"symbol\":" : "{\"symbol\":")
        writer.string(order.symbol.rawValue)
        writer.raw(",\"venue\":")
        writer.string(order.venue.rawValue)
        writer.raw(order.side == .buy ? ",\"direction\":\"buy\",\"originalQty\":" : ",\"direction\":\"sell\",\"originalQty\":")
        writer.int(order.originalQty.shares)
        writer.raw(",\"qty\":")
        writer.int(order.qty.shares)
        writer.raw(",\"price\":")
        writer.int(APINumbers.cents(order.price))
        writer.raw(",\"orderType\":")
        writer.string(order.type.rawValue)
        writer.raw(",\"id\":")
        writer.int(order.id.rawValue)
        writer.raw(",\"account\":")
        writer.string(order.account.rawValue)
        writer.raw(",\"ts\":")
        writer.timestamp(order.ts)
        writer.raw(",\"fills\":[")
        for (index, fill) in order.fills.enumerated() {
            writer.raw(index == 0 ? "{\"price\":" : ",{\"price\":")
            writer.int(APINumbers.cents(fill.price))
            writer.raw(",\"qty\":")
            writer.int(fill.qty.shares)
            writer.raw(",\"ts\":")
            writer.timestamp(fill.ts)
            writer.raw("}")
        }
        writer.raw("],\"totalFilled\":")
        writer.int(order.totalFilled.shares)
        writer.raw(",\"open\":")
        writer.bool(order.open)
        writer.raw("}")
    }

    /// Writes `{"ok":true,"venue":V,"orders":[...]}`.
    public static func writeList(venue: Venue, orders: [OrderStatus], to writer: inout JSONWriter) {
        writer.raw("{\"ok\":true,\"venue\":")
        writer.string(venue.rawValue)
        writer.raw(",\"orders\":[")
        for (index, status) in orders.enumerated() {
            if index > 0 { writer.raw(",") }
            write(status, ok: false, to: &writer)
        }
        writer.raw("]}")
    }
}
