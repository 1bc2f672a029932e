import Synchronization

/// Whether a poller's call goes out now, by whether the venue's stream is trusted: every time
/// while it is not (the pollers' own interval), once per safety interval while it is. The pollers
/// keep waking at their own interval either way, so a stream's end speeds them up at their next
/// wake-up rather than after a long sleep.
final class PollPace: Sendable {
    private struct State {
        var trusted = false
        var lastCall: [String: ContinuousClock.Instant] = [:]
    }

    let safetyInterval: Duration
    private let state = Mutex(State())

    init(safetyInterval: Duration) {
        self.safetyInterval = safetyInterval
    }

    /// Whether the poll named `key` is due now; a due poll counts as made.
    func due(_ key: String, now: ContinuousClock.Instant = .now) -> Bool {
        state.withLock { state in
            if state.trusted, let last = state.lastCall[key], now - last < safetyInterval { return false }
            state.lastCall[key] = now
            return true
        }
    }

    /// Whether the stream is trusted (connected and reconciled).
    var isTrusted: Bool {
        get { state.withLock { $0.trusted } }
        set { state.withLock { $0.trusted = newValue } }
    }
}
