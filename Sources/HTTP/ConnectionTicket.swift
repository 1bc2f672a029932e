import Synchronization

/// What the connection limiter knows of one connection, shared between the event loop that owns
/// the connection and the loop that may pick it to be closed to make room.
///
/// Only an idle connection can be picked: the owner marks it busy when a request starts to
/// arrive and idle as the response's last bytes are sent (busy again if the socket cannot take
/// them all), and the pick and the owner's marks are atomic exchanges, so a connection in the
/// middle of a request is never closed for room.
final class ConnectionTicket: Sendable {
    private static let idle: UInt8 = 0
    private static let busy: UInt8 = 1
    private static let evicted: UInt8 = 2

    /// The peer's address.
    let address: PeerAddress
    /// The loop that owns the connection and closes it once evicted.
    unowned let owner: EventLoop
    private let state = Atomic<UInt8>(ConnectionTicket.idle)
    /// Since when the connection is idle (monotonic nanoseconds), while it is.
    private let idleSinceStorage: Atomic<UInt64>

    init(address: PeerAddress, owner: EventLoop, now: UInt64) {
        self.address = address
        self.owner = owner
        idleSinceStorage = Atomic(now)
    }

    /// Since when the connection has been idle, or nil when it is busy or evicted.
    var idleSince: UInt64? {
        guard state.load(ordering: .acquiring) == Self.idle else { return nil }
        return idleSinceStorage.load(ordering: .relaxed)
    }

    /// Whether the limiter has picked the connection to be closed.
    var isEvicted: Bool { state.load(ordering: .acquiring) == Self.evicted }

    /// Marks the connection busy (a request arriving, or a response still being written); false
    /// when it was evicted first, and must be closed.
    func markBusy() -> Bool {
        state.compareExchange(expected: Self.idle, desired: Self.busy, ordering: .acquiringAndReleasing).exchanged
            || state.load(ordering: .acquiring) == Self.busy
    }

    /// Marks the connection idle from `now` (nothing to read, the last response being sent).
    func markIdle(now: UInt64) {
        guard state.load(ordering: .relaxed) == Self.busy else { return }
        idleSinceStorage.store(now, ordering: .relaxed)
        state.store(Self.idle, ordering: .releasing)
    }

    /// Picks the connection to be closed, if it is still idle.
    func evict() -> Bool {
        state.compareExchange(expected: Self.idle, desired: Self.evicted, ordering: .acquiringAndReleasing).exchanged
    }
}
