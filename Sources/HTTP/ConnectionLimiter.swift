import Synchronization

/// Keeps a server's connections within its caps, across all its event loops: at most
/// `maxConnections` in all and `maxConnectionsPerAddress` from one client address.
///
/// A connection over a cap makes room by evicting the connection that has been idle longest (of
/// its own address when that address is at its cap, of any address otherwise), as nginx reuses
/// idle keep-alive connections when it runs short; with none idle, the one whose request began
/// arriving first and is not whole yet; with none of those either (every connection answering
/// or streaming), the new connection is refused. So a client hoarding idle connections, or
/// half-sending requests, loses its oldest ones, not everyone else their service.
final class ConnectionLimiter: Sendable {
    private let maxConnections: Int
    private let maxPerAddress: Int
    private let state = Mutex<State>(State())

    private struct State: ~Copyable {
        var total = 0
        var byAddress: [PeerAddress: [ObjectIdentifier: ConnectionTicket]] = [:]
    }

    /// What becomes of a new connection.
    enum Admission {
        /// It may be served; `evicted`, when not nil, is to be closed by its owner to make room.
        case admitted(evicted: ConnectionTicket?)
        /// It is over a cap and no connection is idle or receiving a request: close it.
        case refused
    }

    init(maxConnections: Int, maxPerAddress: Int) {
        self.maxConnections = maxConnections
        self.maxPerAddress = maxPerAddress
    }

    /// How many connections are counted in, across all loops.
    var count: Int { state.withLock { $0.total } }

    /// Counts `ticket`'s connection in, evicting another when a cap is reached.
    func admit(_ ticket: ConnectionTicket) -> Admission {
        state.withLock { state in
            var evicted: ConnectionTicket?
            if state.byAddress[ticket.address, default: [:]].count >= maxPerAddress {
                guard let victim = Self.evictOldest(&state, from: ticket.address) else { return .refused }
                evicted = victim
            } else if state.total >= maxConnections {
                guard let victim = Self.evictOldest(&state, from: nil) else { return .refused }
                evicted = victim
            }
            state.byAddress[ticket.address, default: [:]][ObjectIdentifier(ticket)] = ticket
            state.total += 1
            return .admitted(evicted: evicted)
        }
    }

    /// Evicts the connection idle longest, or else the oldest request still arriving, of any
    /// address (for want of descriptors); nil when there is neither.
    func evictOldest() -> ConnectionTicket? {
        state.withLock { Self.evictOldest(&$0, from: nil) }
    }

    /// Counts `ticket`'s connection out; harmless when it already was (evicted).
    func release(_ ticket: ConnectionTicket) {
        state.withLock { state in Self.remove(ticket, from: &state) }
    }

    private static func remove(_ ticket: ConnectionTicket, from state: inout State) {
        guard state.byAddress[ticket.address]?.removeValue(forKey: ObjectIdentifier(ticket)) != nil else { return }
        state.total -= 1
        if state.byAddress[ticket.address]?.isEmpty == true { state.byAddress[ticket.address] = nil }
    }

    /// Evicts and counts out the connection idle longest, or with none idle the one receiving a
    /// request for longest, of `address` or of any when nil. A connection that turns busy between
    /// the search and the eviction is passed over, a few times at most.
    private static func evictOldest(_ state: inout State, from address: PeerAddress?) -> ConnectionTicket? {
        for _ in 0..<8 {
            var oldestIdle: (ticket: ConnectionTicket, since: UInt64)?
            var oldestReceiving: (ticket: ConnectionTicket, since: UInt64)?
            func consider(_ tickets: [ObjectIdentifier: ConnectionTicket]) {
                for ticket in tickets.values {
                    if let since = ticket.idleSince {
                        if since < oldestIdle?.since ?? .max { oldestIdle = (ticket, since) }
                    } else if let since = ticket.receivingSince, since < oldestReceiving?.since ?? .max {
                        oldestReceiving = (ticket, since)
                    }
                }
            }
            if let address {
                consider(state.byAddress[address] ?? [:])
            } else {
                state.byAddress.values.forEach(consider)
            }
            guard let victim = (oldestIdle ?? oldestReceiving)?.ticket else { return nil }
            if victim.evict() {
                remove(victim, from: &state)
                return victim
            }
        }
        return nil
    }
}
