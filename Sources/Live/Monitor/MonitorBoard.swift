import StrategyKit
import Synchronization

/// Where the engine loop posts what the monitor serves, and the monitor's threads read it: the
/// latest snapshot, the recent events, and the counters the runner's broker calls keep.
///
/// Every method takes one lock briefly and copies: the engine loop publishes at most every
/// 100 ms (and on fills), and a reader never holds the lock while it writes a response.
public final class MonitorBoard: Sendable {
    /// An exchange call counted by endpoint and outcome.
    public struct RequestKey: Hashable, Sendable, Comparable {
        /// `book`, `place`, `cancel`, `status` or `orders`.
        public var endpoint: String
        /// `ok`, `rejected`, `not_acted_on` or `unknown`.
        public var outcome: String

        public init(endpoint: String, outcome: String) {
            self.endpoint = endpoint
            self.outcome = outcome
        }

        public static func < (lhs: Self, rhs: Self) -> Bool { (lhs.endpoint, lhs.outcome) < (rhs.endpoint, rhs.outcome) }
    }

    /// What the runner's broker calls add up to.
    public struct Traffic: Sendable {
        public var requests: [RequestKey: UInt64] = [:]
        /// How long each book poll took.
        public var pollLatency = MonitorHistogram(bounds: MonitorHistogram.exchangeBounds)
        /// How long each placement took to be acknowledged (or refused).
        public var placeToAcknowledge = MonitorHistogram(bounds: MonitorHistogram.exchangeBounds)
        /// When the last book poll succeeded; nil before the first.
        public var lastPollSuccess: Timestamp?
        /// Each streaming venue's figures, by venue; empty without a stream.
        public var streams: [String: StreamFigures] = [:]

        /// Every exchange request counted, whatever its outcome.
        public var requestCount: UInt64 { requests.values.reduce(0, +) }
        /// The requests whose outcome was not `ok`.
        public var errorCount: UInt64 { requests.filter { $0.key.outcome != "ok" }.values.reduce(0, +) }
    }

    /// A venue's push stream: whether it is trusted, its switches, messages and reconnections.
    public struct StreamFigures: Sendable, Hashable {
        public var up = false
        /// Switches by what was switched to (`stream`, `poll`).
        public var switches: [String: UInt64] = [:]
        /// Messages by kind (`book`, `trade`, `order`, `alive`, `stale`).
        public var messages: [String: UInt64] = [:]
        public var reconnects: UInt64 = 0
    }

    /// How many events are kept for clients that resume with `Last-Event-ID`.
    public static let eventLimit = 1_000

    private struct State {
        var snapshot: MonitorSnapshot?
        var events: [MonitorEvent] = []
        var nextEventID: UInt64 = 1
        var traffic = Traffic()
        var listeners: [@Sendable ([MonitorEvent]) -> Void] = []
    }

    private let state = Mutex(State())

    public init() {}

    /// Replaces the snapshot and appends `events`, numbered from the next event id, then hands
    /// the new events to every listener. Called from one thread (the engine loop's).
    public func publish(_ snapshot: MonitorSnapshot, events: [MonitorEvent.Kind]) {
        let (published, listeners) = state.withLock { state in
            state.snapshot = snapshot
            let first = state.events.count
            for kind in events {
                state.events.append(MonitorEvent(id: state.nextEventID, time: snapshot.time, kind: kind))
                state.nextEventID += 1
            }
            let published = Array(state.events[first...])
            if state.events.count > Self.eventLimit {
                state.events.removeFirst(state.events.count - Self.eventLimit)
            }
            return (published, state.listeners)
        }
        // Outside the lock: a listener may read the board.
        if !published.isEmpty { listeners.forEach { $0(published) } }
    }

    /// Has `listener` called with the events of every later publication, once they are kept,
    /// on the publishing thread (the engine loop): it must only enqueue, never wait.
    public func onEvents(_ listener: @escaping @Sendable ([MonitorEvent]) -> Void) {
        state.withLock { $0.listeners.append(listener) }
    }

    /// The latest snapshot; nil before the engine published one.
    public var snapshot: MonitorSnapshot? { state.withLock { $0.snapshot } }

    /// The events kept whose id is above `id`, oldest first, and the id of the last event
    /// published (0 before any): what a client resuming after `id` is owed.
    public func events(after id: UInt64) -> (events: [MonitorEvent], last: UInt64) {
        state.withLock { state in
            let start = state.events.firstIndex { $0.id > id } ?? state.events.endIndex
            return (Array(state.events[start...]), state.nextEventID - 1)
        }
    }

    /// Counts an exchange call's outcome.
    public func count(_ key: RequestKey) {
        state.withLock { $0.traffic.requests[key, default: 0] += 1 }
    }

    /// Counts a successful book poll that took `duration`, at `time`.
    public func bookPolled(in duration: Duration, at time: Timestamp) {
        state.withLock {
            $0.traffic.pollLatency.observe(duration)
            $0.traffic.lastPollSuccess = time
        }
    }

    /// Counts a placement answered after `duration`.
    public func placementAnswered(in duration: Duration) {
        state.withLock { $0.traffic.placeToAcknowledge.observe(duration) }
    }

    /// Counts a switch of `venue`'s data to `to` (`stream` or `poll`).
    public func streamSwitched(venue: String, to: String) {
        state.withLock {
            $0.traffic.streams[venue, default: StreamFigures()].up = to == "stream"
            $0.traffic.streams[venue, default: StreamFigures()].switches[to, default: 0] += 1
        }
    }

    /// Counts a message of `venue`'s stream of `kind`.
    public func streamMessage(venue: String, kind: String) {
        state.withLock { $0.traffic.streams[venue, default: StreamFigures()].messages[kind, default: 0] += 1 }
    }

    /// Counts an attempt to connect `venue`'s stream again.
    public func streamReconnecting(venue: String) {
        state.withLock { $0.traffic.streams[venue, default: StreamFigures()].reconnects += 1 }
    }

    /// A copy of the traffic counters.
    public var traffic: Traffic { state.withLock { $0.traffic } }
}
