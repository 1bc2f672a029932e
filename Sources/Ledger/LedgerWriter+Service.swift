import Lifecycle

extension LedgerWriter: Service {
    /// Holds the ledger open (its group commit, under `.batch`, syncing batches on its thread)
    /// until the task is cancelled, then closes it: every appended fill made durable, the sync
    /// thread stopped, the file closed. Throws what `close()` throws.
    public func run() async throws(LedgerError) {
        await waitUntilCancelled()
        try close()
    }
}
