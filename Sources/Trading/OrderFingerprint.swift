import StrategyKit

/// How the order tracker recognises an order id it has already given to an order: what the
/// exchange said of that order, or what the ledger recorded of its fills.
enum OrderFingerprint: Hashable, Sendable, CustomStringConvertible {
    /// An order the exchange reported; `strategyID` is nil for one no strategy owns.
    case exchange(OrderIdentity, strategyID: StrategyID?)
    /// An order the ledger holds fills of (from an earlier run).
    case ledger(RecordedOrder)

    /// The strategy whose order it is; nil for an order of someone else.
    var strategyID: StrategyID? {
        switch self {
        case .exchange(_, let strategyID): strategyID
        case .ledger(let recorded): recorded.strategyID
        }
    }

    /// Whether `status` reports this same order. The ledger keeps no open time or original
    /// quantity, so a ledger order is matched on symbol, side and its first fill: an order that
    /// opened after that fill, or whose first fill happened at another time or price, is
    /// another order.
    func matches(_ status: OrderStatus) -> Bool {
        switch self {
        case .exchange(let identity, _):
            return identity == OrderIdentity(status)
        case .ledger(let recorded):
            guard status.symbol == recorded.symbol, status.side == recorded.side, status.ts <= recorded.firstFill.ts else { return false }
            guard let first = status.fills.first else { return true }
            return first.ts == recorded.firstFill.ts && first.price == recorded.firstFill.price
        }
    }

    var description: String {
        switch self {
        case .exchange(let identity, let strategyID):
            "\(identity) strategy \(strategyID?.rawValue ?? "-")"
        case .ledger(let recorded):
            "ledger order of strategy \(recorded.strategyID) symbol \(recorded.symbol) \(recorded.side.rawValue) "
                + "\(recorded.fills) fills (\(recorded.filled) shares), first at \(recorded.firstFill.ts.nanoseconds)"
        }
    }
}
