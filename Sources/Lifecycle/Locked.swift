import Synchronization

/// A value shared between threads behind a lock: a result handed across a thread boundary, a
/// flag or a count several threads read and change. The one such box of the project (the
/// daemon's and the tests' alike); a value that needs waiting on takes a `ConditionLock`.
public final class Locked<Value: Sendable>: Sendable {
    private let mutex: Mutex<Value>

    public init(_ value: Value) { mutex = Mutex(value) }

    public func get() -> Value { mutex.withLock { $0 } }

    public func set(_ value: Value) { mutex.withLock { $0 = value } }

    /// Changes the value in place, with no other thread in between reading and writing it.
    public func update(_ body: (inout Value) -> Void) { mutex.withLock { body(&$0) } }
}
