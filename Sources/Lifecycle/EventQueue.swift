import Synchronization

/// A queue of events for one consumer: any thread posts, the consumer awaits the next one.
/// Unlike an `AsyncStream`, waiting ignores the consumer's cancellation, so that a cancelled
/// `ServiceGroup` can still wait for its services to stop.
final class EventQueue<Event: Sendable>: Sendable {
    private struct State: ~Copyable {
        var events: [Event] = []
        var waiter: CheckedContinuation<Event, Never>?
    }

    private let state = Mutex(State())

    /// Queues `event`, or hands it to the waiting consumer.
    func post(_ event: Event) {
        let waiter: CheckedContinuation<Event, Never>? = state.withLock { state in
            guard let waiter = state.waiter else {
                state.events.append(event)
                return nil
            }
            state.waiter = nil
            return waiter
        }
        waiter?.resume(returning: event)
    }

    /// The oldest event, waiting for one if none is queued.
    func next() async -> Event {
        await withCheckedContinuation { continuation in
            let ready: Event? = state.withLock { state in
                guard !state.events.isEmpty else {
                    state.waiter = continuation
                    return nil
                }
                return state.events.removeFirst()
            }
            if let ready { continuation.resume(returning: ready) }
        }
    }
}
