import Synchronization

/// The hand-off of the order flow (orders, denials, trading-state changes) from the engine
/// loop to the `HistoryWriter`'s thread: bounded and never waiting on SQLite.
///
/// `offer` takes the lock only to append one record (the writer holds it only to swap the
/// buffer out), so the engine never waits for the database. When `capacity` records already
/// wait, the record is dropped and counted (`dropped`): the order flow in the history is a
/// convenience, the ledger stays the source of truth for fills.
public final class HistoryFlow: Sendable {
    /// One record of the order flow.
    public enum Record: Hashable, Sendable {
        /// An order as it stands now (sent, acknowledged, closed); a later view replaces it.
        case order(HistoryOrder)
        /// A risk denial.
        case denial(HistoryDenial)
        /// A change of trading state.
        case stateChange(HistoryStateChange)
    }

    /// How many records may wait at most.
    public let capacity: Int
    private let state: Mutex<(waiting: [Record], dropped: UInt64)>

    /// A hand-off holding at most `capacity` waiting records (at least 1).
    public init(capacity: Int = 65_536) {
        self.capacity = max(1, capacity)
        state = Mutex((waiting: [], dropped: 0))
    }

    /// Hands `record` over without waiting; false (and counted in `dropped`) when full.
    @discardableResult
    public func offer(_ record: Record) -> Bool {
        state.withLock { state in
            guard state.waiting.count < capacity else {
                state.dropped += 1
                return false
            }
            state.waiting.append(record)
            return true
        }
    }

    /// Takes every waiting record, oldest first, into `records` (emptied first), and leaves
    /// the hand-off the storage `records` had: a caller that drains into the same array each
    /// time lets neither side allocate once both have grown (emptying a drained array that is
    /// still shared allocated a new one of its capacity at every drain: 4,500 of the 67,000
    /// page faults of `tickwork-bench history`'s latency part).
    public func drain(into records: inout [Record]) {
        records.removeAll(keepingCapacity: true)
        state.withLock { state in swap(&state.waiting, &records) }
    }

    /// How many records were dropped because the hand-off was full, since the start.
    public var dropped: UInt64 {
        state.withLock { $0.dropped }
    }
}
