/// One of a strategy's orders that is working at the exchange (or on its way there).
///
/// `@frozen`: its stored properties are part of the SDK 3.x ABI, since plugins compiled against
/// it read them directly; none may be added, removed or reordered before SDK 4.0.
@frozen
public struct OpenOrder: Hashable, Sendable, Codable {
    /// The exchange's id; nil until the exchange has acknowledged the order.
    public var id: OrderID?
    public var request: OrderRequest
    /// Shares filled so far.
    public var filled: Quantity

    @inlinable
    public init(id: OrderID?, request: OrderRequest, filled: Quantity = .zero) {
        self.id = id
        self.request = request
        self.filled = filled
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
}
