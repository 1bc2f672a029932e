import StrategyKit
import Wire

/// Alpaca's order object, as placements, lookups and lists return it. Quantities are whole
/// shares (a fractional order is refused when read); prices are exact decimal dollars.
///
/// Only the fields the money depends on (ids, symbol, side, status, quantities, limit price,
/// creation time, legs) can make an order unreadable: an odd value in any other field (the
/// average price, the other times, the type, the stop and trail) is read as nil or its default,
/// so that it never fails a placement's answer or a whole list of orders. (A trailing stop's
/// stop price is its high-water mark less a percentage, so it need not be on the price tick.)
///
/// An order of class bracket, OCO or OTO is its parent with the other orders in `legs`: each
/// leg an order of its own, with Alpaca's own ids (its client order id is not ours).
public struct AlpacaOrder: Sendable, Hashable {
    /// Alpaca's id, a UUID.
    public var id: String
    /// The id we gave the order when placing it.
    public var clientOrderID: String
    public var symbol: Symbol
    public var side: Side
    /// `market`, `limit`, `stop`, `stop_limit`, `trailing_stop`.
    public var type: String
    /// `""` or `simple` for a single order; `bracket`, `oco`, `oto` for the parent of a group.
    public var orderClass: String
    /// `day`, `gtc`, `opg`, `cls`, `ioc`, `fok`.
    public var timeInForce: String
    /// One of Alpaca's statuses (`new`, `partially_filled`, `filled`, `canceled`, ...).
    public var status: String
    /// The shares ordered; nil for an order by notional amount.
    public var qty: Quantity?
    public var filledQty: Quantity
    /// The average price of the fills, exact decimal dollars as Alpaca wrote it (any number of
    /// places: an average of several fills is not on the price tick), for showing only; the
    /// fills' own prices come from their activities.
    public var filledAvgPrice: String?
    public var limitPrice: Price?
    /// A stop's or stop-limit's stop price; a trailing stop's current one.
    public var stopPrice: Price?
    /// A trailing stop's distance in dollars (`trail_price`).
    public var trailPrice: Price?
    /// A trailing stop's distance in basis points (`trail_percent` times 100: `"1.5"` is 150).
    public var trailBasisPoints: Int64?
    /// A trailing stop's high-water mark (`hwm`).
    public var highWaterMark: Price?
    /// Alpaca's id of the order that replaced this one.
    public var replacedBy: String?
    /// Alpaca's id of the order this one replaced.
    public var replaces: String?
    /// The other orders of the group this order is the parent of; empty for a single order
    /// (and for a group listed without `nested=true`).
    public var legs: [AlpacaOrder]
    public var createdAt: Timestamp
    public var submittedAt: Timestamp?
    public var filledAt: Timestamp?
    public var extendedHours: Bool

    /// The statuses of an order that is finished: it will neither fill nor change again.
    public static let finalStatuses: Set<String> = ["filled", "canceled", "expired", "replaced", "rejected"]

    /// Whether the order may still fill (every status but the final ones).
    public var isOpen: Bool { !Self.finalStatuses.contains(status) }

    /// Whether the order waits for a stop price (a stop, a stop-limit or a trailing stop).
    public var isStop: Bool { type == "stop" || type == "stop_limit" || type == "trailing_stop" }

    /// The legs as an `OrderGroup` lists them after the parent: the take-profit (a limit)
    /// before the stop-loss.
    public var legsInGroupOrder: [AlpacaOrder] { legs.filter { !$0.isStop } + legs.filter(\.isStop) }

    /// This order and, after it, its legs in group order, and theirs.
    public var withLegs: [AlpacaOrder] { [self] + legsInGroupOrder.flatMap(\.withLegs) }

    /// What holds the order back, as the engine names it: a stop (or stop-limit) at its stop
    /// price, or a trailing stop's trail; nil for other orders, and when the field is missing.
    public var trigger: OrderTrigger? {
        switch type {
        case "stop", "stop_limit": return stopPrice.map { .stop($0) }
        case "trailing_stop": return trailPrice.map { .trailing(.price($0)) } ?? trailBasisPoints.map { .trailing(.basisPoints($0)) }
        default: return nil
        }
    }

    /// A trailing stop's high-water mark and the stop price it gives, when Alpaca reported both.
    public var trail: TrailState? {
        guard type == "trailing_stop", let highWaterMark, let stopPrice else { return nil }
        return TrailState(highWaterMark: highWaterMark, stopPrice: stopPrice)
    }

    /// Reads the order object at `reader`; `id`, `client_order_id`, `symbol`, `side`,
    /// `status` and `created_at` are required.
    init(reading reader: inout JSONReader) throws(JSONReadError) {
        var id = "", clientID = "", symbol = "", side: Side?, type = "", orderClass = "", tif = "", status = ""
        var qty: Quantity?, filled = Quantity.zero, avg: String?, limit: Price?
        var stop: Price?, trailPrice: Price?, trailPoints: Int64?, hwm: Price?, replacedBy: String?, replaces: String?
        var legs: [AlpacaOrder] = []
        var created: Timestamp?, submitted: Timestamp?, filledAt: Timestamp?, extended = false
        try reader.readObject { reader, key throws(JSONReadError) in
            if key.equals("id") { id = try reader.string() }
            else if key.equals("client_order_id") { clientID = try reader.string() }
            else if key.equals("symbol") { symbol = try reader.string() }
            else if key.equals("side") {
                let text = try reader.string()
                guard let parsed = Side(rawValue: text) else { throw .refused("order.side: \"\(text)\" is not buy or sell") }
                side = parsed
            }
            else if key.equals("type") { type = try reader.lenient { reader throws(JSONReadError) in try reader.string() } ?? "" }
            else if key.equals("order_class") { orderClass = try reader.lenient { reader throws(JSONReadError) in try reader.optionalString() ?? "" } ?? "" }
            else if key.equals("time_in_force") { tif = try reader.lenient { reader throws(JSONReadError) in try reader.string() } ?? "" }
            else if key.equals("status") { status = try reader.string() }
            else if key.equals("qty") { qty = try reader.optionalShares(field: "order.qty") }
            else if key.equals("filled_qty") { filled = try reader.optionalShares(field: "order.filled_qty") ?? .zero }
            else if key.equals("filled_avg_price") {
                avg = try reader.lenient { reader throws(JSONReadError) in try reader.null() ? nil : try reader.decimalText(field: "order.filled_avg_price") } ?? nil
            }
            else if key.equals("limit_price") { limit = try reader.optionalDollarPrice(field: "order.limit_price") }
            else if key.equals("stop_price") { stop = try reader.lenient { reader throws(JSONReadError) in try reader.optionalDollarPrice(field: "order.stop_price") } ?? nil }
            else if key.equals("trail_price") { trailPrice = try reader.lenient { reader throws(JSONReadError) in try reader.optionalDollarPrice(field: "order.trail_price") } ?? nil }
            else if key.equals("trail_percent") {
                trailPoints = try reader.lenient { reader throws(JSONReadError) in try reader.null() ? nil : try reader.fixedPoint(scale: 2, field: "order.trail_percent") } ?? nil
            }
            else if key.equals("hwm") { hwm = try reader.lenient { reader throws(JSONReadError) in try reader.optionalDollarPrice(field: "order.hwm") } ?? nil }
            else if key.equals("replaced_by") { replacedBy = try reader.lenient { reader throws(JSONReadError) in try reader.optionalString() } ?? nil }
            else if key.equals("replaces") { replaces = try reader.lenient { reader throws(JSONReadError) in try reader.optionalString() } ?? nil }
            else if key.equals("legs") { legs = try reader.null() ? [] : try reader.array { reader throws(JSONReadError) in try AlpacaOrder(reading: &reader) } }
            else if key.equals("created_at") { created = try reader.optionalTimestamp() }
            else if key.equals("submitted_at") { submitted = try reader.lenient { reader throws(JSONReadError) in try reader.optionalTimestamp() } ?? nil }
            else if key.equals("filled_at") { filledAt = try reader.lenient { reader throws(JSONReadError) in try reader.optionalTimestamp() } ?? nil }
            else if key.equals("extended_hours") { extended = try reader.lenient { reader throws(JSONReadError) in try reader.bool() } ?? false }
            else { try reader.skipValue() }
        }
        guard !id.isEmpty, !symbol.isEmpty, let side, !status.isEmpty, let created else {
            throw .refused("order: id, symbol, side, status and created_at are required")
        }
        self.id = id
        self.clientOrderID = clientID
        self.symbol = Symbol(symbol)
        self.side = side
        self.type = type
        self.orderClass = orderClass
        self.timeInForce = tif
        self.status = status
        self.qty = qty
        self.filledQty = filled
        self.filledAvgPrice = avg
        self.limitPrice = limit
        self.stopPrice = stop
        self.trailPrice = trailPrice
        self.trailBasisPoints = trailPoints
        self.highWaterMark = hwm
        self.replacedBy = replacedBy
        self.replaces = replaces
        self.legs = legs
        self.createdAt = created
        self.submittedAt = submitted
        self.filledAt = filledAt
        self.extendedHours = extended
    }
}
