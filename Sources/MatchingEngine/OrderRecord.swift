import StrategyKit

/// Everything a book remembers about an order, for as long as the book lives, so that the status
/// of a closed order (with its fills) can still be reported.
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
    /// The slot of the order's `RestingOrder` while it rests, else `-1`.
    var slot: Int
    /// The first and last of this order's fills in the store's fill log, or `-1`.
    var firstFill: Int
    var lastFill: Int
}
