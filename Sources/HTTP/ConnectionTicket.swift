import Synchronization

/// What the connection limiter knows of one connection, shared between the event loop that owns
/// the connection and the loop that may pick it to be closed to make room.
///
/// Only an idle connection, or one whose request is still arriving, can be picked: the owner
/// marks it receiving when a request starts to arrive, busy once the request is whole (while it
/// is answered) and idle as the response's last bytes are sent (busy again if the socket cannot
/// take them all), and the pick and the owner's marks are atomic exchanges, so a connection whose
/// request is being answered is never closed for room. A request still arriving is not spared:
/// otherwise a client that never finishes its requests holds its connections for the whole
/// request time-out, locking out its address, and at the global cap everyone.
final class ConnectionTicket: Sendable {
    private static let idle: UInt8 = 0
    private static let busy: UInt8 = 1
    private static let evicted: UInt8 = 2
    private static let receiving: UInt8 = 3

    /// The peer's address.
    let address: PeerAddress
    /// The loop that owns the connection and closes it once evicted.
    unowned let owner: EventLoop
    private let state = Atomic<UInt8>(ConnectionTicket.idle)
    /// Since when the connection is idle, or receiving its request (monotonic nanoseconds).
    private let sinceStorage: Atomic<UInt64>

    init(address: PeerAddress, owner: EventLoop, now: UInt64) {
        self.address = address
        self.owner = owner
        sinceStorage = Atomic(now)
    }

    /// Since when the connection has been idle, or nil when it is not idle.
    var idleSince: UInt64? { since(in: Self.idle) }

    /// Since when the connection's request has been arriving, or nil when none is.
    var receivingSince: UInt64? { since(in: Self.receiving) }

    /// Whether the limiter has picked the connection to be closed.
    var isEvicted: Bool { state.load(ordering: .acquiring) == Self.evicted }

    /// Marks a request arriving since `start`; false when the connection was evicted first, and
    /// must be closed.
    func markReceiving(since start: UInt64) -> Bool {
        sinceStorage.store(start, ordering: .relaxed)
        return mark(Self.receiving)
    }

    /// Marks the connection busy (a whole request being answered, or a response still being
    /// written); false when it was evicted first, and must be closed.
    func markBusy() -> Bool {
        mark(Self.busy)
    }

    /// Marks the connection idle from `now` (nothing to read, the last response being sent).
    func markIdle(now: UInt64) {
        guard state.load(ordering: .relaxed) == Self.busy else { return }
        sinceStorage.store(now, ordering: .relaxed)
        state.store(Self.idle, ordering: .releasing)
    }

    /// Picks the connection to be closed, if it is still idle or receiving its request.
    func evict() -> Bool {
        state.compareExchange(expected: Self.idle, desired: Self.evicted, ordering: .acquiringAndReleasing).exchanged
            || state.compareExchange(expected: Self.receiving, desired: Self.evicted, ordering: .acquiringAndReleasing).exchanged
    }

    private func since(in wanted: UInt8) -> UInt64? {
        guard state.load(ordering: .acquiring) == wanted else { return nil }
        return sinceStorage.load(ordering: .relaxed)
    }

    /// Moves the state to `wanted` unless the connection was evicted; false when it was.
    private func mark(_ wanted: UInt8) -> Bool {
        var current = state.load(ordering: .acquiring)
        while current != Self.evicted {
            if current == wanted { return true }
            let (exchanged, found) = state.compareExchange(expected: current, desired: wanted, ordering: .acquiringAndReleasing)
            if exchanged { return true }
            current = found
        }
        return false
    }
}
