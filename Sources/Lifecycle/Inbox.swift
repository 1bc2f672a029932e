import Synchronization

/// A mailbox for one taker: any thread or task posts, the taker takes, in order (the live
/// runner's engine loop, a `ServiceGroup`'s run).
///
/// A post to a waiting taker hands the message over directly (one resumption, no queueing);
/// otherwise it queues. Waiting ignores the taker's cancellation, so that a cancelled taker can
/// still wait for what it needs to hear (a group for its services to stop). One taker at a time.
public final class Inbox<Message: Sendable>: Sendable {
    private let state = Mutex(State())

    private struct State: ~Copyable {
        var items: [Message?] = []
        var head = 0
        /// The taker waiting for the next message, if one waits.
        var waiter: CheckedContinuation<Message, Never>?

        mutating func push(_ message: Message) { items.append(message) }

        mutating func pop() -> Message? {
            guard head < items.count else { return nil }
            let message = items[head]
            items[head] = nil
            head += 1
            // Compact once the consumed prefix dominates, so memory stays flat for months.
            if head > 1_024 && head * 2 > items.count {
                items.removeFirst(head)
                head = 0
            }
            return message
        }

        var count: Int { items.count - head }
    }

    public init() {}

    /// Queues `message` for the taker, or hands it to the taker waiting for it.
    public func post(_ message: Message) {
        let waiter = state.withLock { state -> CheckedContinuation<Message, Never>? in
            guard let waiter = state.waiter else {
                state.push(message)
                return nil
            }
            state.waiter = nil
            return waiter
        }
        waiter?.resume(returning: message)
    }

    /// The oldest message, waiting for one if none is queued. Not ended by cancellation: the
    /// taker's loop ends on a message.
    public func next() async -> Message {
        if let message = state.withLock({ $0.pop() }) { return message }
        return await withCheckedContinuation { continuation in
            let queued = state.withLock { state -> Message? in
                if let message = state.pop() { return message }
                precondition(state.waiter == nil, "an inbox has one taker at a time")
                state.waiter = continuation
                return nil
            }
            if let queued { continuation.resume(returning: queued) }
        }
    }

    /// The oldest message if one is queued, without waiting.
    public func poll() -> Message? {
        state.withLock { $0.pop() }
    }

    /// Messages waiting.
    public var count: Int { state.withLock { $0.count } }
}
