import StrategyKit

/// Which rows a query returns: every element set must match (nil matches anything). Times are
/// `since` inclusive, `until` exclusive.
public struct HistoryFilter: Hashable, Sendable {
    public var symbol: Symbol?
    public var strategy: StrategyID?
    public var side: Side?
    public var since: Timestamp?
    public var until: Timestamp?
    /// The exchange's order id (fills, orders).
    public var orderID: OrderID?
    /// The risk code (denials, trading-state changes).
    public var code: String?
    /// At most this many rows, the latest ones (nil: all).
    public var limit: Int?

    public init(
        symbol: Symbol? = nil, strategy: StrategyID? = nil, side: Side? = nil, since: Timestamp? = nil, until: Timestamp? = nil,
        orderID: OrderID? = nil, code: String? = nil, limit: Int? = nil
    ) {
        self.symbol = symbol
        self.strategy = strategy
        self.side = side
        self.since = since
        self.until = until
        self.orderID = orderID
        self.code = code
        self.limit = limit
    }
}
