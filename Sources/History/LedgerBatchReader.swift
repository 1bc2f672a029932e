import Ledger
import Lifecycle

/// A ledger read on a thread of its own, in batches handed to the catch-up a few ahead of its
/// writing: parsing and checking the ledger's lines then takes place beside SQLite's inserts
/// rather than before each batch of them.
///
/// `next()` waits for the next batch; the reader waits while `depth` batches are ready and
/// unread. `finish()` tells the reader to hand on nothing more (the ledger is still read to its
/// end, as `LedgerReader.forEach` reads it) and waits for its thread to end.
final class LedgerBatchReader: @unchecked Sendable {
    private let lock = ConditionLock()
    /// Guarded by `lock`: the batches read and not yet taken, oldest first.
    private var ready: [[LedgerEntry]] = []
    /// Guarded by `lock`: how the reading ended, once it has.
    private var outcome: Result<Void, LedgerError>?
    /// Guarded by `lock`: set by `finish()`; the reader then drops what it reads.
    private var finishing = false
    /// Guarded by `lock`: a batch the catch-up is done with, emptied, for the reader to fill
    /// again rather than allocate (and fault in) megabytes anew for each batch.
    private var spare: [LedgerEntry]?
    private let depth: Int

    /// Starts reading the entries of the ledger at `path` from sequence number `sequence` on,
    /// in batches of `batchSize`, at most `depth` of them ready at once.
    init(path: String, from sequence: UInt64, batchSize: Int, depth: Int = 2) {
        self.depth = max(1, depth)
        let size = max(1, batchSize)
        OSThread.detach(name: "history-read") { [self] in
            var batch: [LedgerEntry] = []
            batch.reserveCapacity(size)
            let result: Result<Void, LedgerError>
            do throws(LedgerError) {
                _ = try LedgerReader.forEach(in: path, from: sequence) { entry in
                    batch.append(entry)
                    guard batch.count >= size else { return }
                    batch = hand(batch) ?? []
                    batch.reserveCapacity(size)
                }
                if !batch.isEmpty { _ = hand(batch) }
                result = .success(())
            } catch {
                result = .failure(error)
            }
            lock.lock()
            outcome = result
            lock.broadcast()
            lock.unlock()
        }
    }

    /// Waits while `depth` batches are ready, then adds `batch` (or drops it once finishing);
    /// returns the spare batch to fill next, if the catch-up gave one back.
    private func hand(_ batch: [LedgerEntry]) -> [LedgerEntry]? {
        lock.lock()
        defer { lock.unlock() }
        while ready.count >= depth && !finishing { lock.wait() }
        guard !finishing else { return nil }
        ready.append(batch)
        lock.broadcast()
        defer { spare = nil }
        return spare
    }

    /// Gives back a batch `next()` returned, once written, for the reader to fill again.
    func recycle(_ batch: [LedgerEntry]) {
        var batch = batch
        batch.removeAll(keepingCapacity: true)
        lock.lock()
        spare = batch
        lock.unlock()
    }

    /// The next batch, oldest first; nil once the ledger is read to its end. Throws the
    /// ledger's error when it could not be read or holds a bad line before its end.
    func next() throws(LedgerError) -> [LedgerEntry]? {
        lock.lock()
        defer { lock.unlock() }
        while ready.isEmpty && outcome == nil { lock.wait() }
        if !ready.isEmpty {
            let batch = ready.removeFirst()
            lock.broadcast()
            return batch
        }
        if case .failure(let error) = outcome { throw error }
        return nil
    }

    /// Drops what is still to come and waits for the reading thread to end.
    func finish() {
        lock.lock()
        defer { lock.unlock() }
        finishing = true
        ready.removeAll()
        lock.broadcast()
        while outcome == nil { lock.wait() }
    }
}
