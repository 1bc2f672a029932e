import Synchronization

/// A value shared between threads behind a lock, for handing results across a thread boundary.
final class Locked<Value: Sendable>: Sendable {
    private let mutex: Mutex<Value>

    init(_ value: Value) { mutex = Mutex(value) }

    func get() -> Value { mutex.withLock { $0 } }

    func set(_ value: Value) { mutex.withLock { $0 = value } }
}
