import StrategyKit

/// Where the engine makes each new fill durable before anything else hears of it: the fill
/// ledger live, an in-memory list in tests.
///
/// Which fills are new is decided upstream, once: `OrderTracker` turns the exchange's order
/// reports into fills never reported before (a fill is its `FillID`: venue, order id and index
/// in the order's fills), so a journal is handed each fill once. A journal that outlives the
/// tracker (the ledger, across restarts) still refuses a fill it holds, by the same `FillID`.
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

/// A journal in memory, for tests and dry runs. It lives no longer than the engine's order
/// tracker, which hands it each fill once, so it keeps what it is given and refuses nothing.
public final class MemoryFillJournal: FillJournal {
    /// The fills recorded, in order.
    public private(set) var fills: [Fill] = []

    public init() {}

    public func append(_ fill: Fill, reconciled: Bool) throws -> Bool {
        fills.append(fill)
        return true
    }

    public func makeDurable() throws {}
}
