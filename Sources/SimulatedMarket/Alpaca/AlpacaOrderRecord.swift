import StrategyKit

/// An order placed through the Alpaca API, as Alpaca reports it: kept by the Alpaca side of the
/// exchange for as long as it runs (the books may forget closed orders sooner).
struct AlpacaOrderRecord {
    /// Alpaca's order types the simulated exchange takes.
    enum Kind: String {
        case market, limit
    }

    /// Alpaca's `time_in_force` values the simulated exchange takes.
    enum TimeInForce: String {
        case day, gtc, ioc, fok
    }

    let id: OrderID
    let account: Account
    let clientOrderID: String
    let symbol: Symbol
    let side: Side
    let kind: Kind
    let timeInForce: TimeInForce
    let limitPrice: Price?
    let qty: Quantity
    let extendedHours: Bool
    let createdAt: Timestamp
    var updatedAt: Timestamp
    var filledQty: Quantity = .zero
    /// The sum of price times shares of the fills: the average price's numerator.
    var filledNotional: Money = .zero
    var filledAt: Timestamp?
    var canceledAt: Timestamp?
    var expiredAt: Timestamp?

    /// The order's UUID.
    var uuid: String { AlpacaIdentifier.uuid(UInt64(bitPattern: id.rawValue), .order) }

    /// Whether the order can still fill (and be cancelled).
    var isOpen: Bool { filledQty < qty && canceledAt == nil && expiredAt == nil }

    /// The shares not filled yet.
    var leavesQty: Quantity { isOpen ? qty - filledQty : .zero }

    /// Alpaca's status: new, partially_filled, filled, canceled or expired.
    var status: String {
        if filledQty == qty { return "filled" }
        if expiredAt != nil { return "expired" }
        if canceledAt != nil { return "canceled" }
        return filledQty > .zero ? "partially_filled" : "new"
    }
}
