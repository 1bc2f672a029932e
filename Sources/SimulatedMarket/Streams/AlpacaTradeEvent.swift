import StrategyKit

/// What happened to an Alpaca order, as `trade_updates` names it.
enum AlpacaTradeEvent {
    /// The order was taken (a held leg or stop too).
    case new
    /// Some or all of its shares traded; with the position of the symbol after the fill.
    case fill(AlpacaFillActivity, position: Quantity)
    /// Cancelled, expired or replaced: its `status` says which.
    case closed(String)

    /// The event's name: `fill` for a fill that completes the order, else `partial_fill`.
    var name: String {
        switch self {
        case .new: "new"
        case let .fill(fill, _): fill.leavesQty == .zero ? "fill" : "partial_fill"
        case let .closed(status): status
        }
    }
}
