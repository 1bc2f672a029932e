/// Values handed from one thread to another in order, at most `capacity` waiting: `put` waits
/// while the queue is full, `take` while it is empty. Once `close`d, what waits is dropped,
/// `put` refuses and `take` returns nil. Every property is guarded by `condition`'s lock.
public final class BoundedQueue<Element>: @unchecked Sendable {
    private let condition = ConditionLock()
    private let capacity: Int
    private var elements: [Element] = []
    private var closed = false

    public init(capacity: Int) {
        precondition(capacity > 0, "a queue holds at least one value")
        self.capacity = capacity
    }

    /// Adds `element`, waiting while `capacity` values wait; false (and `element` dropped) once
    /// the queue is closed.
    public func put(_ element: Element) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        while elements.count >= capacity && !closed { condition.wait() }
        guard !closed else { return false }
        elements.append(element)
        condition.broadcast()
        return true
    }

    /// The oldest value, waiting for one; nil once the queue is closed.
    public func take() -> Element? {
        condition.lock()
        defer { condition.unlock() }
        while elements.isEmpty && !closed { condition.wait() }
        guard !elements.isEmpty else { return nil }
        condition.broadcast()
        return elements.removeFirst()
    }

    /// Drops what waits and refuses what comes: the taker is gone.
    public func close() {
        condition.lock()
        defer { condition.unlock() }
        closed = true
        elements.removeAll()
        condition.broadcast()
    }
}
