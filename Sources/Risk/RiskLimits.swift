import StrategyKit

/// One strategy's risk budget: the limits every order it places is checked against.
///
/// A plain value the configuration fills in; the checker takes new limits on a reload without
/// touching the trading state.
public struct RiskLimits: Hashable, Sendable, Codable {
    /// The largest quantity of one order, in shares.
    public var maxOrderQty: Quantity
    /// The largest absolute position the strategy may hold or have working in one symbol:
    /// position plus same-side open orders plus the new order.
    public var maxPosition: Quantity
    /// The largest notional of one order (price × quantity).
    public var maxNotionalPerOrder: Money
    /// The most orders the strategy may have open at once, across its symbols.
    public var maxOpenOrders: Int
    /// The price collar: a priced order's limit may be at most this many basis points (1/100 of
    /// a percent) away from the reference price (the mid, or the last trade when a side of the
    /// book is empty).
    public var priceCollarBasisPoints: Int64
    /// The most new orders the strategy may place in any one-second window. Cancels do not count.
    public var maxOrdersPerSecond: Int
    /// The oldest book (by local receive time) on which a new order may be placed, in milliseconds.
    public var staleBookMs: Int64
    /// Whether market orders are allowed at all.
    public var allowMarketOrders: Bool
    /// The largest loss (realized plus unrealized since the start of the UTC day) before the
    /// strategy is halted.
    public var maxLoss: Money

    public init(
        maxOrderQty: Quantity, maxPosition: Quantity, maxNotionalPerOrder: Money, maxOpenOrders: Int,
        priceCollarBasisPoints: Int64, maxOrdersPerSecond: Int, staleBookMs: Int64,
        allowMarketOrders: Bool = false, maxLoss: Money
    ) {
        self.maxOrderQty = maxOrderQty
        self.maxPosition = maxPosition
        self.maxNotionalPerOrder = maxNotionalPerOrder
        self.maxOpenOrders = maxOpenOrders
        self.priceCollarBasisPoints = priceCollarBasisPoints
        self.maxOrdersPerSecond = maxOrdersPerSecond
        self.staleBookMs = staleBookMs
        self.allowMarketOrders = allowMarketOrders
        self.maxLoss = maxLoss
    }
}
