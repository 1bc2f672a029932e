/// The hot part of an order that rests on a book: a node of its price level's FIFO queue.
///
/// Kept apart from the order's archive record so that the nodes of a ~1,000-order book stay in
/// cache while matching.
struct RestingOrder {
    /// The order id's raw value.
    var id: Int64
    /// Unfilled shares; positive while the order rests.
    var remaining: Int64
    var price: Int64
    /// The index of the order's `OrderRecord` in the store's archive.
    var record: Int
    /// The next (younger) order at the same price, or `-1`; the next free slot while unused.
    var next: Int
    /// The previous (older) order at the same price, or `-1`.
    var prev: Int
    var isBuy: Bool
}
