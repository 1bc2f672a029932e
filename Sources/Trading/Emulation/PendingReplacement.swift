import StrategyKit

/// A replace the venue cannot make in place: the old order's cancel was sent, and `request` is
/// placed for what it had left once the cancel closes it; its acceptance is told to the strategy
/// as `OrderUpdate.replaced`.
struct PendingReplacement {
    let strategyID: StrategyID
    let old: OrderID
    var request: OrderRequest
    /// The daemon's number of the new order, once placed.
    var placed: ClientOrderID?
}
