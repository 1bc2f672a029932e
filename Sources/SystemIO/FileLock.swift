#if canImport(Glibc)
import Glibc
#endif

/// How a `flock(2)` lock is let go: unlocked, then its descriptor closed.
///
/// The lock belongs to the open file description, which every copy of the descriptor shares. A
/// process starting a child shares its open files with the child until the child's `exec` closes
/// them (`O_CLOEXEC`), so a descriptor merely closed in that instant leaves its lock held by the
/// child's copy, and the next taker (a daemon restarted, a rebuild after a writer) is refused.
/// Unlocking first frees it for every copy at once.
public enum FileLock {
    /// Unlocks the lock `descriptor` holds (if any) and closes it.
    public static func release(_ descriptor: Int32) {
        _ = flock(descriptor, LOCK_UN)
        _ = close(descriptor)
    }
}
