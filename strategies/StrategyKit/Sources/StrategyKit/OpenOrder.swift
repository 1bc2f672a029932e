/// One of a strategy's orders that is working at the exchange (or on its way there).
///
/// `@frozen`: its stored properties are part of the SDK 4.x ABI, since plugins compiled against
/// it read them directly; none may be added, removed or reordered before SDK 5.0.
@frozen
public struct OpenOrder: Hashable, Sendable, Codable {
    /// The exchange's id; nil until the exchange has acknowledged the order.
    public var id: OrderID?
    public var request: OrderRequest
    /// Shares filled so far.
    public var filled: Quantity
    /// Whether the engine holds the order (a stop, trailing stop or group the venue cannot keep)
    /// rather than the venue: it dies with the process. (SDK 4.0)
    public var isEmulated: Bool

    @inlinable
    public init(id: OrderID?, request: OrderRequest, filled: Quantity = .zero, isEmulated: Bool = false) {
        self.id = id
        self.request = request
        self.filled = filled
        self.isEmulated = isEmulated
    }

    private enum CodingKeys: String, CodingKey {
        case id, request, filled, isEmulated
    }

    /// Reads what `encode(to:)` writes, and the shape before SDK 4.0 (not emulated).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            id: try container.decodeIfPresent(OrderID.self, forKey: .id), request: try container.decode(OrderRequest.self, forKey: .request),
            filled: try container.decode(Quantity.self, forKey: .filled),
            isEmulated: try container.decodeIfPresent(Bool.self, forKey: .isEmulated) ?? false)
    }

    /// Shares not yet filled.
    @inlinable
    public var remaining: Quantity { request.qty - filled }
}

/// News about one of a strategy's orders, other than its fills (which arrive as `Fill`s).
public enum OrderUpdate: Hashable, Sendable, Codable {
    /// The exchange accepted the order and gave it an id.
    case accepted(OrderID, OrderRequest)
    /// The order never reached the book: the risk checker denied it or the exchange rejected it.
    /// `reason` is a stable code such as `RISK_MAX_POSITION` or `EXCHANGE_REJECTED`.
    case rejected(OrderRequest, reason: String)
    /// The order is closed (filled, cancelled or killed); `filled` is its total filled quantity.
    case closed(OrderID, OrderRequest, filled: Quantity)
    /// The engine holds the order, with an id of its own (negative), because the venue cannot
    /// keep its type or group: it dies with the process. (SDK 4.0)
    case emulated(OrderID, OrderRequest)
    /// The order's trigger was met. An emulated order closes and the engine places `sent` (the
    /// order without its trigger), which is then accepted under an id of its own. (SDK 4.0)
    case triggered(OrderID, OrderRequest, sent: OrderRequest)
    /// A trailing stop's high-water mark moved, and with it its stop price. (SDK 4.0)
    case trailMoved(OrderID, highWaterMark: Price, stopPrice: Price)
    /// The order was replaced by `by` (amended in place at the venue, or cancelled and placed
    /// anew), now working as `request`. (SDK 4.0)
    case replaced(OrderID, by: OrderID, request: OrderRequest)
}
