import StrategyKit

/// Everything a book remembers about an order, until the book forgets it (never while it is open),
/// so that the status of a closed order (with its fills) can still be reported.
struct OrderRecord {
    var id: Int64
    var account: Account
    var side: Side
    var type: OrderType
    var open: Bool
    var price: Int64
    var originalQty: Int64
    var filled: Int64
    var time: Int64
    /// When the order closed (its last fill or its cancel); meaningless while `open`.
    var closedAt: Int64
    /// The slot of the order's `RestingOrder` while it rests, else `-1`.
    var slot: Int
    /// The first and last of this order's fills in the store's fill log, or `-1`.
    var firstFill: Int
    var lastFill: Int
}
