import Dispatch
import Ledger
import Lifecycle
import Synchronization

/// A ledger read on a thread of its own, in batches handed to the catch-up a few ahead of its
/// writing: parsing and checking the ledger's lines then takes place beside SQLite's inserts
/// rather than before each batch of them.
///
/// `next()` waits for the next batch; the reader waits while `depth` batches are ready and
/// unread. `finish()` tells the reader to hand on nothing more (the ledger is still read to its
/// end, as `LedgerReader.forEach` reads it) and waits for its thread to end. One thread uses
/// `next`, `recycle` and `finish`.
final class LedgerBatchReader: @unchecked Sendable {
    /// Batches, then nil at the end of the ledger, or the ledger's error.
    private let queue: BoundedQueue<Result<[LedgerEntry]?, LedgerError>>
    /// A batch the catch-up is done with, emptied, for the reader to fill again rather than
    /// allocate (and fault in) megabytes anew for each batch.
    private let spare = Mutex<[LedgerEntry]?>(nil)
    /// Signalled once the reading thread has stopped.
    private let stopped = DispatchSemaphore(value: 0)
    /// How the reading ended, once `next()` saw it.
    private var ending: Result<Void, LedgerError>?
    private var finished = false

    /// Starts reading the entries of the ledger at `path` from sequence number `sequence` on,
    /// in batches of `batchSize`, at most `depth` of them ready at once.
    init(path: String, from sequence: UInt64, batchSize: Int, depth: Int = 2) {
        queue = BoundedQueue(capacity: max(1, depth))
        let size = max(1, batchSize)
        OSThread.detach(name: "history-read") { [self] in
            var batch: [LedgerEntry] = []
            batch.reserveCapacity(size)
            // False once `finish()` closed the queue: the rest is read and dropped.
            var taken = true
            let result: Result<[LedgerEntry]?, LedgerError>
            do throws(LedgerError) {
                _ = try LedgerReader.forEach(in: path, from: sequence) { entry in
                    guard taken else { return }
                    batch.append(entry)
                    guard batch.count >= size else { return }
                    taken = queue.put(.success(batch))
                    batch = spare.withLock { $0.take() } ?? []
                    batch.reserveCapacity(size)
                }
                if taken, !batch.isEmpty { taken = queue.put(.success(batch)) }
                result = .success(nil)
            } catch {
                result = .failure(error)
            }
            if taken { _ = queue.put(result) }
            stopped.signal()
        }
    }

    /// Gives back a batch `next()` returned, once written, for the reader to fill again.
    func recycle(_ batch: [LedgerEntry]) {
        var batch = batch
        batch.removeAll(keepingCapacity: true)
        spare.withLock { $0 = batch }
    }

    /// The next batch, oldest first; nil once the ledger is read to its end (or after
    /// `finish()`). Throws the ledger's error when it could not be read or holds a bad line
    /// before its end, and again on every later call.
    func next() throws(LedgerError) -> [LedgerEntry]? {
        if let ending {
            try ending.get()
            return nil
        }
        switch queue.take() {
        case .success(let batch?)?: return batch
        case .failure(let error)?:
            ending = .failure(error)
            throw error
        case .success(nil)?, nil:
            ending = .success(())
            return nil
        }
    }

    /// Drops what is still to come and waits for the reading thread to end.
    func finish() {
        guard !finished else { return }
        finished = true
        queue.close()
        stopped.wait()
    }
}
