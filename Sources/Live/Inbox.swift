import Dispatch
import Synchronization

/// The engine's mailbox: any thread posts, the engine's thread takes, in order.
public final class Inbox<Message: Sendable>: Sendable {
    private let queue = Mutex(Queue())
    private let available = DispatchSemaphore(value: 0)

    private struct Queue: ~Copyable {
        var items: [Message?] = []
        var head = 0

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

    /// Queues `message` for the engine's thread.
    public func post(_ message: Message) {
        queue.withLock { $0.push(message) }
        available.signal()
    }

    /// The oldest message, waiting until `deadline` for one; nil if none came by then.
    public func take(before deadline: DispatchTime) -> Message? {
        guard available.wait(timeout: deadline) == .success else { return nil }
        return queue.withLock { $0.pop() }
    }

    /// Messages waiting.
    public var count: Int { queue.withLock { $0.count } }
}
