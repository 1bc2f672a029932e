/// One fill of one order, linked to that order's next fill in the store's fill log.
struct FillRecord {
    var price: Int64
    var qty: Int64
    var time: Int64
    /// The index of the same order's next fill, or `-1`.
    var next: Int
}
