import StrategyKit
import Synchronization

/// What the runner knows of one stream connection, written by the stream's event closure and
/// read by the supervisor: when it was last heard from, how it ended, its books' numbering.
final class StreamConnection: Sendable {
    private struct State {
        var lastHeard: ContinuousClock.Instant
        var ended: String?
        var books: UInt64 = 0
    }

    private let state: Mutex<State>

    init(openedAt: ContinuousClock.Instant = .now) {
        state = Mutex(State(lastHeard: openedAt))
    }

    /// Notes that the stream said something now.
    func heard(at instant: ContinuousClock.Instant = .now) { state.withLock { $0.lastHeard = instant } }

    /// Notes the connection's end, the first reason kept.
    func end(_ reason: String) { state.withLock { $0.ended = $0.ended ?? reason } }

    /// Why the connection ended; nil while it is up.
    var ended: String? { state.withLock { $0.ended } }

    /// How long it has been silent at `now`.
    func silence(at now: ContinuousClock.Instant = .now) -> Duration { state.withLock { now - $0.lastHeard } }

    /// The next number for a streamed book, from 1.
    func nextBook() -> UInt64 {
        state.withLock {
            $0.books += 1
            return $0.books
        }
    }
}
