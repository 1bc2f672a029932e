import Risk
import StrategyKit

/// What the ledger knows of one order: who placed it, how many of its fills are recorded and
/// how many shares they add up to, and what tells it from another order under the same id
/// (its symbol, side and first fill).
public struct RecordedOrder: Hashable, Sendable {
    public var strategyID: StrategyID
    public var symbol: Symbol
    public var side: Side
    /// The order's fill 0 as the ledger recorded it.
    public var firstFill: OrderFill
    public var fills: Int
    /// Shares of the recorded fills together.
    public var filled: Quantity

    /// The record of an order whose first recorded fill is `first`.
    public init(_ first: Fill) {
        strategyID = first.strategyID
        symbol = first.symbol
        side = first.side
        firstFill = OrderFill(price: first.price, qty: first.qty, ts: first.time)
        fills = 1
        filled = first.qty
    }

    /// Counts `fill`, a later fill of the same order.
    public mutating func add(_ fill: Fill) {
        fills += 1
        filled += fill.qty
    }
}

/// What to do at start-up with an open order at the exchange that the ledger cannot attribute.
public enum UnknownOrderPolicy: String, Sendable, Hashable, CaseIterable {
    /// Cancel it (the default: an order nobody tracks is a risk nobody watches).
    case cancel
    /// Track it as an order of the first strategy trading its symbol.
    case adopt
}

/// What reconciliation found and did.
public struct ReconciliationReport: Hashable, Sendable {
    /// Fills the exchange showed that the ledger lacked; now appended, marked reconciled.
    public var fillsAppended = 0
    /// Open orders taken over and tracked.
    public var ordersAdopted = 0
    /// Open orders cancelled because no strategy could own them.
    public var ordersCancelled = 0

    public init() {}
}

extension TradingEngine {
    /// Brings the engine in line with the exchange at start-up, after `restore` replayed the
    /// ledger: `accountOrders` is every order of the account (orders of other venues are
    /// skipped), `recorded` what the ledger knows of each. Fills the ledger lacks are recorded
    /// (marked reconciled) and applied; open orders are tracked, or cancelled per `policy` when
    /// the ledger cannot say whose they are (always when no strategy trades their symbol). The
    /// legs of a group (`OrderStatus.parent`) whose parent is ours are its owner's and tracked
    /// whatever the policy: they protect the position the parent's fills made.
    /// Strategies are not told: they have not started yet and see the result in their context.
    ///
    /// An exchange order under the id of a ledger order it is not (another symbol or side, or
    /// another first fill) is a clash: its strategy is halted. Then, over the orders both the
    /// ledger and the exchange know, each symbol's position from the ledger must equal the one
    /// from the exchange's fills, and no order may have more fills in the ledger than at the
    /// exchange; otherwise it throws `ReconciliationError`. Orders the exchange no longer lists
    /// (an exchange that forgets closed orders) and orders of the account placed by others are
    /// outside the comparison.
    public func reconcile(
        accountOrders: [OrderStatus], recorded: [OrderID: RecordedOrder], policy: UnknownOrderPolicy, at now: Timestamp
    ) throws -> (ReconciliationReport, [EngineAction]) {
        var report = ReconciliationReport()
        var actions: [EngineAction] = []
        // The day's loss is measured from what the ledger held before the fills booked here,
        // which may be losses made while the daemon was down.
        try evaluateLoss(at: now, into: &actions)
        var ledgerShares: [Symbol: Int64] = [:]
        var exchangeShares: [Symbol: Int64] = [:]
        // The owners of the orders taken over here, for their groups' legs, which come after them.
        var owners: [OrderID: StrategyID] = [:]
        for status in accountOrders.sorted(by: Self.parentsFirst) where status.venue == venue {
            if orders.knows(venue: venue, id: status.id) {
                // The same id twice in one list.
                try apply(orders.apply(status), at: now, into: &actions)
                continue
            }
            if let known = recorded[status.id], !OrderFingerprint.ledger(known).matches(status) {
                orders.remember(known, venue: venue, orderID: status.id)
                try apply(orders.apply(status), at: now, into: &actions)
                continue
            }
            let known = recorded[status.id]
            if let known, known.fills > status.fills.count {
                throw ReconciliationError.ledgerAhead(
                    order: status.id, symbol: status.symbol, ledgerFills: known.fills, ledgerShares: known.filled,
                    exchangeFills: status.fills.count, exchangeShares: status.fills.reduce(Quantity.zero) { $0 + $1.qty })
            }
            // A leg of a group whose parent is ours works for the parent's position: its owner's.
            let parentOwner = status.parent.flatMap { recorded[$0]?.strategyID ?? owners[$0] }
            let owner = known?.strategyID ?? parentOwner ?? slots.first { $0.symbols.contains(status.symbol) }?.id
            guard let owner, known != nil || !status.fills.isEmpty || status.open else {
                orders.dismiss(status)
                // Nobody's order in a symbol nobody trades: a risk nobody watches.
                if cancelUntracked(status, into: &actions) { report.ordersCancelled += 1 }
                continue
            }
            let changes = orders.adopt(status, strategy: owner, recordedFills: known?.fills ?? 0, at: now)
            let appended = try record(changes.fills, reconciled: true)
            report.fillsAppended += appended.count
            if let known {
                let sign: Int64 = status.side == .buy ? 1 : -1
                let added = appended.reduce(Int64(0)) { $0 + $1.qty.shares }
                ledgerShares[status.symbol, default: 0] += sign * (known.filled.shares + added)
                exchangeShares[status.symbol, default: 0] += sign * status.fills.reduce(Int64(0)) { $0 + $1.qty.shares }
            }
            guard status.open else {
                owners[status.id] = owner
                continue
            }
            if known == nil && parentOwner == nil && policy == .cancel, let order = orders.order(venue: venue, id: status.id) {
                cancel(order, into: &actions)
                report.ordersCancelled += 1
            } else {
                owners[status.id] = owner
                report.ordersAdopted += 1
            }
        }
        for (id, known) in recorded {
            orders.remember(known, venue: venue, orderID: id)
        }
        for symbol in ledgerShares.keys.sorted() where ledgerShares[symbol] != exchangeShares[symbol] {
            throw ReconciliationError.positionMismatch(symbol: symbol, ledger: ledgerShares[symbol] ?? 0, exchange: exchangeShares[symbol] ?? 0)
        }
        return (report, actions)
    }

    /// Reconciliation's order: by id, each group's legs right after their parent, so that a
    /// parent's owner is settled before its legs are looked at.
    static func parentsFirst(_ lhs: OrderStatus, _ rhs: OrderStatus) -> Bool {
        (lhs.parent ?? lhs.id, lhs.parent == nil ? 0 : 1, lhs.id) < (rhs.parent ?? rhs.id, rhs.parent == nil ? 0 : 1, rhs.id)
    }
}
