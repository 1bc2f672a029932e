/// All resting orders of one side at one price, as a FIFO queue of slots (oldest first).
struct PriceLevel {
    /// The sort key: the price for bids, the negated price for asks, so that on both sides a
    /// larger key is a better price and the best level is the last of the sorted array.
    var key: Int64
    /// Total unfilled shares at this price.
    var quantity: Int64
    /// The oldest order's slot (matched first).
    var head: Int
    /// The youngest order's slot (new orders join here).
    var tail: Int
}
