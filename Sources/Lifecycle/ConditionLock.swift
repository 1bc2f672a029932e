import Glibc

/// A lock with a condition to wait on, for state shared with threads of their own (a ledger's
/// sync thread, a reader's read-ahead thread). Timed waits run on the monotonic clock, so a
/// change of the wall clock neither shortens nor stretches them.
public final class ConditionLock: @unchecked Sendable {
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)

    public init() {
        pthread_mutex_init(mutex, nil)
        var attributes = pthread_condattr_t()
        pthread_condattr_init(&attributes)
        pthread_condattr_setclock(&attributes, CLOCK_MONOTONIC)
        pthread_cond_init(condition, &attributes)
        pthread_condattr_destroy(&attributes)
    }

    deinit {
        pthread_cond_destroy(condition)
        pthread_mutex_destroy(mutex)
        condition.deallocate()
        mutex.deallocate()
    }

    /// Takes the lock, waiting for it.
    public func lock() { pthread_mutex_lock(mutex) }

    /// Releases the lock.
    public func unlock() { pthread_mutex_unlock(mutex) }

    /// Releases the lock, waits for a `signal` or `broadcast` (or a spurious wake-up: callers
    /// wait in a loop over their condition), and takes the lock again.
    public func wait() { pthread_cond_wait(condition, mutex) }

    /// As `wait()`, but gives up after `timeout`; false when it timed out.
    @discardableResult
    public func wait(timeout: Duration) -> Bool {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        let (seconds, attoseconds) = max(timeout, .zero).components
        var nanoseconds = Int(now.tv_nsec) + Int(attoseconds / 1_000_000_000)
        var deadline = timespec(tv_sec: now.tv_sec + Int(seconds) + nanoseconds / 1_000_000_000, tv_nsec: 0)
        nanoseconds %= 1_000_000_000
        deadline.tv_nsec = nanoseconds
        return pthread_cond_timedwait(condition, mutex, &deadline) != ETIMEDOUT
    }

    /// Wakes one waiter.
    public func signal() { pthread_cond_signal(condition) }

    /// Wakes every waiter.
    public func broadcast() { pthread_cond_broadcast(condition) }
}
