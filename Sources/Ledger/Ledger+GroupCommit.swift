import Foundation
import Glibc

extension Ledger {
    /// Starts the thread that syncs batches under `.batch`.
    func startSyncThread() {
        syncThreadRunning = true
        let thread = Thread { [self] in runSyncLoop() }
        thread.name = "ledger-sync"
        thread.start()
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
                let (seconds, attoseconds) = (deadline - now).components
                _ = condition.wait(until: Date(timeIntervalSinceNow: Double(seconds) + Double(attoseconds) * 1e-18))
                continue
            }
            // Appends go on while the sync runs; the sync covers at least every line up to `written`.
            condition.unlock()
            let result = fdatasync(fd) == 0 ? 0 : errno
            condition.lock()
            if result != 0 {
                failure = .system(path: path, call: "fdatasync", errno: result)
            } else {
                durable = written
                oldestPending = current.lastSequence > written ? .now : nil
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
