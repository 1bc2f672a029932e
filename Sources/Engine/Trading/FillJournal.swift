import StrategyKit

/// Where the engine makes each new fill durable before anything else hears of it: the fill
/// ledger live, an in-memory list in tests.
public protocol FillJournal: AnyObject {
    /// Records `fill` with the position and cash after it; returns false if the journal already
    /// held a fill with its identity (nothing is written then). Throws if the fill could not be
    /// made durable, which stops the engine.
    func record(_ fill: Fill, positionAfter: Position, cashAfter: Money, reconciled: Bool) throws -> Bool
}

/// A journal in memory, for tests and dry runs.
public final class MemoryFillJournal: FillJournal {
    /// The fills recorded, in order.
    public private(set) var fills: [Fill] = []
    private var ids: Set<FillID> = []

    public init() {}

    public func record(_ fill: Fill, positionAfter: Position, cashAfter: Money, reconciled: Bool) throws -> Bool {
        guard ids.insert(fill.id).inserted else { return false }
        fills.append(fill)
        return true
    }
}
