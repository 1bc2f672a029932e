import FoundationEssentials
import Glibc
import Lifecycle

extension LedgerWriter {
    /// Starts the thread that syncs batches under `.batch`.
    func startSyncThread() {
        syncThreadRunning = true
        OSThread.detach(name: "ledger-sync") { [self] in runSyncLoop() }
    }

    /// Syncs whenever enough fills wait or the oldest has waited long enough; leaves once the
    /// ledger is closed and nothing waits, or a sync has failed.
    private func runSyncLoop() {
        guard case .batch(let maxDelay, let maxFills) = durability else { preconditionFailure("not a batch ledger") }
        condition.lock()
        while failure == nil {
            let written = current.lastSequence
            guard written > durable else {
                if isClosed { break }
                condition.wait()
                continue
            }
            let deadline = (oldestPending ?? .now) + maxDelay
            let now = ContinuousClock.now
            guard isClosed || written - durable >= UInt64(maxFills) || now >= deadline else {
                condition.wait(timeout: deadline - now)
                continue
            }
            if !unwritten.isEmpty {
                do throws(LedgerError) {
                    try writeUnwritten(linesAreRecorded: true)
                } catch {
                    break
                }
            }
            // Appends go on while the sync runs; the sync covers at least every line up to
            // `written`, and lines appended meanwhile have waited since `started` at most.
            let started = ContinuousClock.now
            condition.unlock()
            var result: Int32 = 0
            repeat {
                result = fdatasync(fd) == 0 ? 0 : errno
            } while result == EINTR
            condition.lock()
            if result != 0 {
                failure = .system(path: path, call: "fdatasync", errno: result)
            } else {
                durable = written
                oldestPending = current.lastSequence > written ? started : nil
            }
            condition.broadcast()
            if result == 0, let onDurable {
                condition.unlock()
                onDurable(written)
                condition.lock()
            }
        }
        syncThreadRunning = false
        condition.broadcast()
        condition.unlock()
    }
}
