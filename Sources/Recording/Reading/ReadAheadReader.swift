import Dispatch
import FoundationEssentials
import Lifecycle

/// A recording read on a thread of its own, a few batches of records ahead of its user, so that
/// reading and decoding (a third of a backtest's time) run on another core than the engine.
///
/// It returns what the reader it wraps returns, in the same order: the same records, then the
/// same end: nil with the same warnings, or the same error after the records before it. An
/// error ends the reading (the wrapped readers would go on past the broken record): every later
/// `next()` throws it again. `progress` is the wrapped reader's as of the batch being returned,
/// so at most `batchSize` records ahead of what was returned. Records are handed over a batch
/// at a time: from a pipe that trickles, a record waits until its batch fills or the pipe ends.
///
/// The wrapped reader belongs to the reading thread from `init` on: nothing else may use it.
/// The thread stops at the end of the recording, at an error, or soon after this reader is
/// released (after the read it is in, for a pipe).
public final class ReadAheadReader: RecordingReader {
    public let header: RecordingHeader
    public private(set) var warnings: [RecordingWarning] = []
    public private(set) var progress: (consumed: Int, total: Int)
    private let queue: BoundedQueue<Batch>
    /// Signalled once when the reading thread has stopped reading (it ends right after, releasing
    /// the wrapped reader). For tests.
    let readingStopped = DispatchSemaphore(value: 0)
    /// The current batch; each record is moved out as it is returned, so that none is copied on
    /// its way (a reversed array popped from the back cost a copy and a destruction of every
    /// record in `reverse()`).
    private var records: RecordBatch?
    /// How the recording ended, once the reading thread said so.
    private var ending: Result<Void, BacktestError>?

    /// How many books can be held at once reading ahead: the batches waiting, the one being
    /// returned, the one being read, and the latest book a backtest keeps (of one symbol; with
    /// more, a recycling reader makes a copy now and then, see `EntryArrayPool`). A reader read
    /// ahead sizes its recycling pool by it (`EntryArrayPool.keptSideAllowance` says why), so
    /// this must count every book the reading thread and its user can hold.
    static func booksInFlight(batchSize: Int, capacity: Int) -> Int { (capacity + 2) * batchSize + 2 }

    /// Starts reading `inner` on a new thread, `batchSize` records at a time, with at most
    /// `capacity` batches waiting to be returned.
    public init(reading inner: any RecordingReader, batchSize: Int = 256, capacity: Int = 2) {
        precondition(batchSize > 0 && capacity > 0, "read ahead by at least one record")
        header = inner.header
        progress = inner.progress
        queue = BoundedQueue(capacity: capacity)
        let (queue, stopped, source) = (queue, readingStopped, Owned(inner))
        OSThread.detach(name: "recording-read-ahead") {
            Self.read(source.reader, batchSize: batchSize, into: queue)
            stopped.signal()
        }
    }

    deinit {
        queue.close()
    }

    public func next() throws(BacktestError) -> RecordedEvent? {
        while true {
            if let record = records?.take() { return record }
            if let ending { return try ending.map { nil }.get() }
            // Closed only once this reader is released, the queue always has a batch to come.
            guard let batch = queue.take() else { return nil }
            switch batch {
            case .records(let batch, let position):
                records = batch
                progress = position
            case .end(let warnings, let position):
                self.warnings = warnings
                progress = position
                ending = .success(())
            case .failed(let error, let warnings, let position):
                self.warnings = warnings
                progress = position
                ending = .failure(error)
            }
        }
    }

    /// The reading thread: batches of `inner`'s records, then how it ended, until the recording
    /// ends or nobody takes them any more.
    private static func read(_ inner: any RecordingReader, batchSize: Int, into queue: BoundedQueue<Batch>) {
        var batch = RecordBatch(capacity: batchSize)
        let ending: Batch
        do throws(BacktestError) {
            while let event = try inner.next() {
                batch.append(event)
                guard batch.isFull else { continue }
                guard queue.put(.records(batch, progress: inner.progress)) else { return }
                batch = RecordBatch(capacity: batchSize)
            }
            ending = .end(warnings: inner.warnings, progress: inner.progress)
        } catch {
            ending = .failed(error, warnings: inner.warnings, progress: inner.progress)
        }
        if batch.count > 0, !queue.put(.records(batch, progress: inner.progress)) { return }
        _ = queue.put(ending)
    }
}

/// The wrapped reader, handed to the reading thread, which alone uses it from then on.
private struct Owned: @unchecked Sendable {
    let reader: any RecordingReader

    init(_ reader: any RecordingReader) {
        self.reader = reader
    }
}

/// What the reading thread hands over: records, or how the recording ended.
private enum Batch: Sendable {
    case records(RecordBatch, progress: (consumed: Int, total: Int))
    case end(warnings: [RecordingWarning], progress: (consumed: Int, total: Int))
    case failed(BacktestError, warnings: [RecordingWarning], progress: (consumed: Int, total: Int))
}
