import StrategyKit
import Trading

/// The engine's fill journal in a backtest: hands each new fill to the backtester for its
/// metrics and, when given one, to a journal behind it (the ledger in `never` fsync mode, so a
/// backtest leaves a ledger in the live format). The engine's order tracker hands it each fill
/// once; only a journal behind it may refuse one (the ledger, holding it from an earlier run).
public final class BacktestJournal: FillJournal {
    private let inner: (any FillJournal)?
    private var pending: [Fill] = []

    /// A journal that keeps fills in memory and passes them on to `inner` when there is one.
    public init(inner: (any FillJournal)? = nil) {
        self.inner = inner
    }

    public func append(_ fill: Fill, reconciled: Bool) throws -> Bool {
        if let inner, try !inner.append(fill, reconciled: reconciled) { return false }
        pending.append(fill)
        return true
    }

    public func makeDurable() throws {
        try inner?.makeDurable()
    }

    /// The fills appended since the last call, in order.
    public func drain() -> [Fill] {
        // Most events book no fill: returning the shared empty array keeps the capacity unshared.
        if pending.isEmpty { return [] }
        defer { pending.removeAll(keepingCapacity: true) }
        return pending
    }
}
