import Ledger
import StrategyKit
import Trading

/// The fill ledger as the engine's journal: one `append` per fill, one wait for durability per
/// event (a group commit under the `batch` policy), no wait at all under `never`.
public final class LedgerFillJournal: FillJournal {
    public let ledger: LedgerWriter
    private var pending: UInt64?
    /// Told of every fill appended, with its ledger line (the monitor's feed).
    public var appended: ((LedgerEntry) -> Void)?
    /// Told how long each wait for durability took.
    public var synced: ((Duration) -> Void)?

    public init(ledger: LedgerWriter) {
        self.ledger = ledger
    }

    public func append(_ fill: Fill, reconciled: Bool) throws -> Bool {
        switch try ledger.append(fill, reconciled: reconciled) {
        case .appended(let entry, let durable):
            if !durable { pending = entry.sequence }
            appended?(entry)
            return true
        case .alreadyRecorded:
            return false
        }
    }

    public func makeDurable() throws {
        guard let sequence = pending, ledger.durability != .never else { return }
        let start = ContinuousClock.now
        try ledger.waitUntilDurable(sequence)
        synced?(ContinuousClock.now - start)
        pending = nil
    }

    /// What the ledger at `path` knows of each order: its strategy, its fills and what tells it from
    /// another order under the same id,
    /// and every fill in order (to rebuild the portfolio).
    public static func history(at path: String) throws -> (fills: [Fill], orders: [OrderID: RecordedOrder]) {
        var fills: [Fill] = []
        var orders: [OrderID: RecordedOrder] = [:]
        try LedgerReader.forEach(in: path) { entry in
            fills.append(entry.fill)
            if orders[entry.fill.orderID] == nil {
                orders[entry.fill.orderID] = RecordedOrder(entry.fill)
            } else {
                orders[entry.fill.orderID]?.add(entry.fill)
            }
        }
        return (fills, orders)
    }
}
