import StrategyKit
import Wire

/// Alpaca's order object, as placements, lookups and lists return it. Quantities are whole
/// shares (a fractional order is refused when read); prices are exact decimal dollars.
///
/// Only the fields the money depends on (ids, symbol, side, status, quantities, limit price,
/// creation time) can make an order unreadable: an odd value in any other field (the average
/// price, the other times, the type) is read as nil or its default, so that it never fails a
/// placement's answer or a whole list of orders.
public struct AlpacaOrder: Sendable, Hashable {
    /// Alpaca's id, a UUID.
    public var id: String
    /// The id we gave the order when placing it.
    public var clientOrderID: String
    public var symbol: Symbol
    public var side: Side
    /// `market`, `limit`, `stop`, ...
    public var type: String
    /// `day`, `gtc`, `ioc`, `fok`, ...
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
    public var createdAt: Timestamp
    public var submittedAt: Timestamp?
    public var filledAt: Timestamp?
    public var extendedHours: Bool

    /// The statuses of an order that is finished: it will neither fill nor change again.
    public static let finalStatuses: Set<String> = ["filled", "canceled", "expired", "replaced", "rejected"]

    /// Whether the order may still fill (every status but the final ones).
    public var isOpen: Bool { !Self.finalStatuses.contains(status) }

    /// Reads the order object at `reader`; `id`, `client_order_id`, `symbol`, `side`,
    /// `status` and `created_at` are required.
    init(reading reader: inout JSONReader) throws(JSONReadError) {
        var id = "", clientID = "", symbol = "", side: Side?, type = "", tif = "", status = ""
        var qty: Quantity?, filled = Quantity.zero, avg: String?, limit: Price?
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
            else if key.equals("time_in_force") { tif = try reader.lenient { reader throws(JSONReadError) in try reader.string() } ?? "" }
            else if key.equals("status") { status = try reader.string() }
            else if key.equals("qty") { qty = try reader.optionalShares(field: "order.qty") }
            else if key.equals("filled_qty") { filled = try reader.optionalShares(field: "order.filled_qty") ?? .zero }
            else if key.equals("filled_avg_price") {
                avg = try reader.lenient { reader throws(JSONReadError) in try reader.null() ? nil : try reader.decimalText(field: "order.filled_avg_price") } ?? nil
            }
            else if key.equals("limit_price") { limit = try reader.optionalDollarPrice(field: "order.limit_price") }
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
        self.timeInForce = tif
        self.status = status
        self.qty = qty
        self.filledQty = filled
        self.filledAvgPrice = avg
        self.limitPrice = limit
        self.createdAt = created
        self.submittedAt = submitted
        self.filledAt = filledAt
        self.extendedHours = extended
    }
}
