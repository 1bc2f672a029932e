import Risk
import StrategyKit

/// What the ledger knows of one order: who placed it and how many of its fills are recorded.
public struct RecordedOrder: Hashable, Sendable {
    public var strategyID: StrategyID
    public var fills: Int

    public init(strategyID: StrategyID, fills: Int) {
        self.strategyID = strategyID
        self.fills = fills
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
    /// ledger: `accountOrders` is every order of the account on the venue, `recorded` what the
    /// ledger knows of each. Fills the ledger lacks are recorded (marked reconciled) and applied;
    /// open orders are tracked, or cancelled per `policy` when the ledger cannot say whose they
    /// are. Strategies are not told: they have not started yet and see the result in their context.
    public func reconcile(
        accountOrders: [OrderStatus], recorded: [OrderID: RecordedOrder], policy: UnknownOrderPolicy, at now: Timestamp
    ) throws -> (ReconciliationReport, [EngineAction]) {
        var report = ReconciliationReport()
        var actions: [EngineAction] = []
        for status in accountOrders.sorted(by: { $0.id < $1.id }) where status.venue == venue {
            let known = recorded[status.id]
            let owner = known?.strategyID ?? slots.first { $0.symbols.contains(status.symbol) }?.id
            guard let owner, known != nil || !status.fills.isEmpty || status.open else {
                orders.dismiss(venue: venue, orderID: status.id)
                continue
            }
            let changes = orders.adopt(status, strategy: owner, recordedFills: known?.fills ?? 0, at: now)
            report.fillsAppended += try record(changes.fills, reconciled: true).count
            guard status.open else { continue }
            if known == nil && policy == .cancel, let order = orders.order(venue: venue, id: status.id) {
                cancel(order, into: &actions)
                report.ordersCancelled += 1
            } else {
                report.ordersAdopted += 1
            }
        }
        return (report, actions)
    }
}
