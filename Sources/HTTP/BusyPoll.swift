/// How long an event loop keeps polling its sockets without sleeping after work: `interval`,
/// or `fewClientsInterval` while at most `fewClients` connections have been active within it.
///
/// A few clients that each wait for an answer before their next request (a trading loop's poll,
/// then its order) find the loop awake for that next request only if it watches longer than
/// their turn-around. On a virtual machine waking a sleeping thread on an idle processor can
/// take 300–400 µs, which makes the answer late and the client's next request later still, so
/// that a loop watching too briefly stays in a rhythm of one wake-up per request. Many busy
/// connections keep a loop awake without watching, and watching would take the processor from
/// their clients.
struct BusyPoll {
    /// The most recently active connections for which the loop watches `fewClientsInterval`.
    static let fewClients = 4
    let interval: UInt64
    let fewClientsInterval: UInt64
    private var until: UInt64 = 0

    /// Nanoseconds; a `fewClientsInterval` shorter than `interval` means `interval` always.
    init(interval: UInt64, fewClientsInterval: UInt64) {
        self.interval = interval
        self.fewClientsInterval = max(interval, fewClientsInterval)
    }

    /// Notes work at `now` (monotonic nanoseconds), `activeConnections` of the loop's
    /// connections having been active within `fewClientsInterval` before it.
    mutating func worked(at now: UInt64, activeConnections: Int) {
        until = now + (activeConnections <= Self.fewClients ? fewClientsInterval : interval)
    }

    /// Whether the loop should poll without sleeping at `now`.
    func isWatching(at now: UInt64) -> Bool { now < until }
}
