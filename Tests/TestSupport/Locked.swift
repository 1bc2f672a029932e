import Synchronization

/// A value shared between threads behind a lock.
public final class Locked<Value: Sendable>: Sendable {
    private let mutex: Mutex<Value>
    public init(_ value: Value) { mutex = Mutex(value) }
    public func get() -> Value { mutex.withLock { $0 } }
    public func set(_ value: Value) { mutex.withLock { $0 = value } }
}
