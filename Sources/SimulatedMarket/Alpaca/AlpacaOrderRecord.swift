import StrategyKit

/// An order placed through the Alpaca API, as Alpaca reports it: kept by the Alpaca side of the
/// exchange for as long as it runs (the books may forget closed orders sooner).
///
/// Its `id` is its Alpaca identity. An order matched at once has the id the matching engine gave
/// it; an order the simulator holds first (a stop waiting for its trigger, a leg waiting for its
/// entry) gets one from `AlpacaMarket`'s own range and keeps it when it reaches the engine,
/// under another engine id (`engineID`).
struct AlpacaOrderRecord {
    /// Alpaca's order types the simulated exchange takes.
    enum Kind: String {
        case market, limit, stop
        case stopLimit = "stop_limit"
        case trailingStop = "trailing_stop"

        /// Whether the order waits for a trigger price.
        var isStop: Bool { self == .stop || self == .stopLimit || self == .trailingStop }
    }

    /// Alpaca's `time_in_force` values. The simulator has no opening or closing auction: `opg`
    /// and `cls` orders trade as day orders do.
    enum TimeInForce: String {
        case day, gtc, ioc, fok, opg, cls

        /// Whether the order expires at the session's close.
        var endsWithTheDay: Bool { self == .day || self == .opg || self == .cls }
    }

    /// Alpaca's `order_class` values.
    enum OrderClass: String {
        case simple, bracket, oco, oto
    }

    let id: OrderID
    let account: Account
    var clientOrderID: String
    let symbol: Symbol
    let side: Side
    let kind: Kind
    var timeInForce: TimeInForce
    var limitPrice: Price?
    /// The shares ordered; a held exit leg's shrink to what its partly filled twin left.
    var qty: Quantity
    let extendedHours: Bool
    var createdAt: Timestamp
    var updatedAt: Timestamp
    /// The id in the matching engine once the order is there; nil while the simulator holds it.
    var engineID: OrderID?
    var orderClass: OrderClass = .simple
    /// The trigger price of a stop or stop-limit; a trailing stop's current stop.
    var stopPrice: Price?
    var trail: AlpacaTrail?
    /// A trailing stop's high-water mark: the highest trade since placement for a sell, the lowest
    /// for a buy.
    var hwm: Price?
    /// The order whose leg this is (a bracket's or an OTO's entry, an OCO's take-profit).
    var parent: OrderID?
    /// This order's legs, in Alpaca's order (take-profit first).
    var legs: [OrderID] = []
    /// Whether this leg waits for its entry to fill.
    var awaitingEntry = false
    var filledQty: Quantity = .zero
    /// The sum of price times shares of the fills: the average price's numerator.
    var filledNotional: Money = .zero
    var filledAt: Timestamp?
    var canceledAt: Timestamp?
    var expiredAt: Timestamp?
    var replacedAt: Timestamp?
    var replacedBy: OrderID?
    var replaces: OrderID?

    /// The order's UUID.
    var uuid: String { Self.uuid(id) }

    /// The UUID of order `id`.
    static func uuid(_ id: OrderID) -> String { AlpacaIdentifier.uuid(UInt64(bitPattern: id.rawValue), .order) }

    /// Whether the order can still fill (and be cancelled or replaced).
    var isOpen: Bool { filledQty < qty && canceledAt == nil && expiredAt == nil && replacedAt == nil }

    /// The shares not filled yet.
    var leavesQty: Quantity { isOpen ? qty - filledQty : .zero }

    /// Alpaca's status: new, held (a leg the simulator still holds), partially_filled, filled,
    /// canceled, expired or replaced.
    var status: String {
        if filledQty == qty { return "filled" }
        if replacedAt != nil { return "replaced" }
        if expiredAt != nil { return "expired" }
        if canceledAt != nil { return "canceled" }
        if filledQty > .zero { return "partially_filled" }
        return parent != nil && engineID == nil ? "held" : "new"
    }

    /// Follows a trade at `price` while waiting for the trigger: a trailing stop moves its mark
    /// and its stop. Returns whether the trade triggers the order (a sell at or below its stop, a
    /// buy at or above).
    mutating func follow(_ price: Price) -> Bool {
        if let trail, let mark = hwm {
            hwm = side == .sell ? max(mark, price) : min(mark, price)
            stopPrice = trail.stopPrice(from: hwm!, side: side)
        }
        guard let stopPrice else { return false }
        return side == .sell ? price <= stopPrice : price >= stopPrice
    }

    /// What the matching engine is asked for once the order is live: a triggered stop or trailing
    /// stop is a market order, a triggered stop-limit a limit order; limit day/gtc rests, ioc and
    /// fok map onto the engine's own; a market fok is a fill-or-kill at the most (buy) or least
    /// (sell) price.
    var engineOrder: (type: OrderType, price: Price) {
        let limit = kind == .limit || kind == .stopLimit
        switch (limit, timeInForce) {
        case (false, .fok): return (.fillOrKill, side == .buy ? Price.maxAccepted : .zero)
        case (false, _): return (.market, .zero)
        case (true, .ioc): return (.immediateOrCancel, limitPrice ?? .zero)
        case (true, .fok): return (.fillOrKill, limitPrice ?? .zero)
        case (true, _): return (.limit, limitPrice ?? .zero)
        }
    }
}
