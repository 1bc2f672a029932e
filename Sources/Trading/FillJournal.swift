import StrategyKit

/// Where the engine makes each new fill durable before anything else hears of it: the fill
/// ledger live, an in-memory list in tests.
///
/// The engine appends every new fill an event brings, then calls `makeDurable()` once, and only
/// then applies the fills and tells strategies: one sync per event, not per fill.
public protocol FillJournal: AnyObject {
    /// Appends `fill`; returns false if the journal already held a fill with its identity
    /// (nothing is written then). `reconciled` marks a fill found at start-up reconciliation.
    func append(_ fill: Fill, reconciled: Bool) throws -> Bool
    /// Returns once everything appended is durable. Throws if it cannot be, which stops the engine.
    func makeDurable() throws
}

/// A journal in memory, for tests and dry runs.
public final class MemoryFillJournal: FillJournal {
    /// The fills recorded, in order.
    public private(set) var fills: [Fill] = []
    private var ids: Set<FillID> = []

    public init() {}

    public func append(_ fill: Fill, reconciled: Bool) throws -> Bool {
        guard ids.insert(fill.id).inserted else { return false }
        fills.append(fill)
        return true
    }

    public func makeDurable() throws {}
}
