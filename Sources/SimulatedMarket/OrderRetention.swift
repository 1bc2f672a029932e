/// How long the simulated exchange keeps closed orders, with their fills, for status lookups and
/// account lists: a closed order is forgotten once more than `maxClosedOrders` orders of its stock
/// closed after it, or once it closed more than `maxAge` ago, whichever comes first. Open orders
/// are always kept. A forgotten order is answered like an id the venue never gave (404).
///
/// The default keeps 100,000 closed orders per stock for up to an hour: about 20 MB per stock, and
/// at the default bots' pace (some 50 orders a second per stock) over half an hour of history, so
/// that a daemon that was down for minutes still finds its recent orders in the account's list.
public struct OrderRetention: Hashable, Sendable {
    /// The closed orders kept per stock, most recently closed first.
    public var maxClosedOrders: Int
    /// How long after it closed an order is kept.
    public var maxAge: Duration

    /// Keeps `maxClosedOrders` (at least 0) closed orders per stock, each for `maxAge` (positive).
    public init(maxClosedOrders: Int = 100_000, maxAge: Duration = .seconds(3_600)) {
        precondition(maxClosedOrders >= 0 && maxAge > .zero, "a retention needs a count >= 0 and a positive age")
        self.maxClosedOrders = maxClosedOrders
        self.maxAge = maxAge
    }

    /// The closed orders a book may hold beyond `maxClosedOrders` before they are forgotten: a
    /// quarter more, so that forgetting, which copies what is kept, costs O(1) per order on average.
    var slack: Int { max(16, maxClosedOrders / 4) }

    /// `maxAge` in nanoseconds.
    var maxAgeNanoseconds: Int64 {
        let (seconds, attoseconds) = maxAge.components
        return min(seconds, Int64.max / 1_000_000_000 - 1) * 1_000_000_000 + attoseconds / 1_000_000_000
    }

    /// How often orders past `maxAge` are looked for: every quarter of it, so an order is forgotten
    /// between `maxAge` and 1.25 × `maxAge` after it closed.
    var sweepIntervalNanoseconds: Int64 { max(1, maxAgeNanoseconds / 4) }
}
