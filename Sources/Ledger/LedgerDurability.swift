/// When appended fills reach the disk (`fdatasync`).
public enum LedgerDurability: Hashable, Sendable {
    /// Each fill is durable before `append` returns. The default.
    case always
    /// Group commit: a background thread syncs once `maxFills` fills are waiting or the oldest
    /// waiting fill has waited `maxDelay`, whichever comes first. `append` returns at once;
    /// `LedgerWriter.waitUntilDurable(_:)`, `LedgerWriter.durableSequence` and the ledger's `onDurable`
    /// callback tell when a fill is durable.
    case batch(maxDelay: Duration, maxFills: Int)
    /// No sync except on `close()` or an explicit `waitUntilDurable(_:)`; for tests and
    /// backtests.
    case never
}
