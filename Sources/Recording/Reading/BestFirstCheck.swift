/// Checks, one price at a time as a reader decodes a side of a book, that the side is best
/// first (bids by falling price, asks by rising price), as the API lists them. The replay venue
/// relies on it; readers refuse a book that is not. Checked while decoding, with the prices in
/// registers, rather than by a pass over the decoded sides afterwards, which reads every entry
/// again.
struct BestFirstCheck {
    private let isBuy: Bool
    private var previous: Int64
    /// Whether every price seen so far kept the order.
    private(set) var holds = true

    /// The reason a reader gives for a book whose sides are not best first.
    static let refusal = "a side of the book is not best first (bids by falling, asks by rising price)"

    /// A check of a bid side (`isBuy`) or an ask side.
    init(isBuy: Bool) {
        self.isBuy = isBuy
        previous = isBuy ? .max : .min
    }

    /// Takes the side's next price.
    @inline(__always)
    mutating func see(_ price: Int64) {
        holds = holds && (isBuy ? price <= previous : price >= previous)
        previous = price
    }

    /// Takes a run of prices already known to be best first, from `first` to `last`: the same
    /// as taking each of them, without reading the ones between.
    @inline(__always)
    mutating func see(orderedRunFrom first: Int64, to last: Int64) {
        see(first)
        previous = last
    }
}
