import FoundationEssentials
import Ledger
import Lifecycle

/// The daemon's history service: keeps the history database at `path` caught up with the
/// ledger at `ledger` while the daemon appends to it, on a thread of its own, so the engine
/// never waits for SQLite (it never hears of the writer at all).
///
/// At start it takes the database's lock (`HistoryLock`, held until it stops writing: no rebuild
/// replaces the file under it, and no second writer joins it), waiting while another process
/// holds it (a rebuild under way) with one report saying who; then it opens the database as
/// `HistoryCatchUp.open` does (made, caught up, rebuilt when it does not match); then it follows
/// the ledger file and adds each entry once `durableSequence()` has reached it, polling every
/// `interval`. A failure of the history is reported through `report` and ends the writing (and
/// lets the lock go), never the daemon: the ledger holds every fill, and the next start catches
/// up. Cancelled, it adds what is durable and returns.
///
/// With a `flow`, each round it also records the order flow the engine loop handed over
/// (orders, denials, trading-state changes) in one transaction, and reports once more
/// whenever records were dropped because the hand-off was full.
public final class HistoryWriter: Service, Sendable {
    public let path: String
    public let ledger: String
    let interval: Duration
    let durableSequence: @Sendable () -> UInt64
    let report: @Sendable (String) -> Void
    let flow: HistoryFlow?
    private let stop = ConditionLock()
    nonisolated(unsafe) private var stopping = false

    public init(
        path: String, ledger: String, interval: Duration = .milliseconds(50),
        durableSequence: @escaping @Sendable () -> UInt64, flow: HistoryFlow? = nil,
        report: @escaping @Sendable (String) -> Void
    ) {
        self.flow = flow
        self.path = path
        self.ledger = ledger
        self.interval = interval
        self.durableSequence = durableSequence
        self.report = report
    }

    public func run() async {
        await withTaskCancellationHandler {
            await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
                OSThread.detach(name: "tickwork-history") { [self] in
                    work()
                    done.resume()
                }
            }
        } onCancel: {
            stop.lock()
            stopping = true
            stop.signal()
            stop.unlock()
        }
    }

    /// The thread's loop: take the lock, catch up, then follow until stopped.
    private func work() {
        do throws(HistoryError) {
            guard let lock = try takeLock() else { return }
            // Held to the end of the writing, whichever way it ends.
            defer { withExtendedLifetime(lock) {} }
            let database = try HistoryCatchUp.open(path: path, ledger: ledger, report: report, holding: lock)
            let follower = LedgerFollower(path: ledger, from: try database.lastSequence() + 1)
            var waiting: [LedgerEntry] = []
            var last = false
            var droppedReported: UInt64 = 0
            var flowRecords: [HistoryFlow.Record] = []
            while !last {
                last = waitOrStop()
                let events: [LedgerFollower.Event]
                do throws(LedgerError) {
                    events = try follower.poll()
                } catch {
                    throw .ledger(path: ledger, message: error.description)
                }
                for event in events {
                    switch event {
                    case .entry(let entry): waiting.append(entry)
                    case .restarted:
                        // Another ledger at the path while the daemon writes its own: the history
                        // no longer matches it, and the next start rebuilds it.
                        throw .ledgerMismatch(path: path, ledger: ledger, detail: "the ledger was replaced or truncated")
                    }
                }
                if let flow {
                    flow.drain(into: &flowRecords)
                    try record(flowRecords, in: database)
                    let dropped = flow.dropped
                    if dropped > droppedReported {
                        report("\(dropped - droppedReported) order-flow records dropped (the hand-off to the history was full); the ledger still holds every fill")
                        droppedReported = dropped
                    }
                }
                let durable = durableSequence()
                let ready = waiting.prefix { $0.sequence <= durable }
                guard !ready.isEmpty else { continue }
                try database.append(ready)
                waiting.removeFirst(ready.count)
            }
        } catch {
            report("\(error); the history stops here, the next start catches it up from the ledger")
        }
    }

    /// The database's lock, taken for `tickwork run`, the one process that runs a writer; while
    /// another process holds it, tried again each interval, reported once. Nil when stopped
    /// before it was taken.
    private func takeLock() throws(HistoryError) -> HistoryLock? {
        var reported = false
        while true {
            do throws(HistoryError) {
                return try HistoryLock(database: path, holder: "tickwork run")
            } catch {
                guard case .locked(_, let holder, _) = error else { throw error }
                if !reported {
                    report("history database \(path) is in use by \(holder); the history is written once it has stopped")
                    reported = true
                }
                if waitOrStop() { return nil }
            }
        }
    }

    /// Records `records` in one transaction, in the order they were handed over.
    private func record(_ records: [HistoryFlow.Record], in database: HistoryDatabase) throws(HistoryError) {
        guard !records.isEmpty else { return }
        try database.batch { () throws(HistoryError) in
            for record in records {
                switch record {
                case .order(let order): try database.record(order)
                case .denial(let denial): try database.record(denial)
                case .stateChange(let change): try database.record(change)
                }
            }
        }
    }

    /// Waits one interval or until stopped; true when stopped.
    private func waitOrStop() -> Bool {
        stop.lock()
        defer { stop.unlock() }
        if !stopping { stop.wait(timeout: interval) }
        return stopping
    }
}
