import Synchronization

/// A value shared between threads behind a lock, for handing results across a thread boundary.
final class Locked<Value: Sendable>: Sendable {
    private let mutex: Mutex<Value>

    init(_ value: Value) { mutex = Mutex(value) }

    func get() -> Value { mutex.withLock { $0 } }

    func set(_ value: Value) { mutex.withLock { $0 = value } }

    /// Changes the value in place, with no other thread in between reading and writing it.
    func update(_ body: (inout Value) -> Void) { mutex.withLock { body(&$0) } }
}
