import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// Signals blocked in every thread from the start of the process, so that one arriving before
/// a `SignalSource` listens for it waits, pending, for the source, instead of ending the
/// process (its default action) or being thrown away (ignored while the source sets up).
///
/// A thread starts with the signal mask of the thread that starts it, so `block(_:)` must run
/// on the main thread before any other thread exists: before a task, a Dispatch queue or a
/// server starts. A `SignalSource` leaves the action of a signal blocked this way alone
/// (setting it to ignored would discard one already pending) and reads it from the pending
/// set. A child process must start with an empty mask (`posix_spawnattr_setsigmask`).
public enum EarlySignals {
    private static let blocked = Mutex<Set<Int32>>([])

    /// Blocks `signals` in the calling thread, and so in every thread it starts from now on.
    public static func block(_ signals: [Int32]) {
        var set = sigset_t()
        sigemptyset(&set)
        for number in signals { sigaddset(&set, number) }
        // Fails only for an invalid first argument.
        precondition(pthread_sigmask(SIG_BLOCK, &set, nil) == 0, "pthread_sigmask(SIG_BLOCK)")
        blocked.withLock { $0.formUnion(signals) }
    }

    /// Whether `signal` was blocked by `block(_:)`.
    static func isBlocked(_ signal: Int32) -> Bool {
        blocked.withLock { $0.contains(signal) }
    }
}
