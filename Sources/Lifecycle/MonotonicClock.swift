import Glibc

/// The monotonic clock in nanoseconds, for deadlines and spins of threads of their own: no
/// change of the wall clock moves it.
public enum MonotonicClock {
    /// Nanoseconds since an arbitrary point before the process started.
    public static func nanoseconds() -> UInt64 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
    }

    /// `duration` in nanoseconds, negative durations as zero.
    public static func nanoseconds(of duration: Duration) -> UInt64 {
        let (seconds, attoseconds) = max(duration, .zero).components
        return UInt64(seconds) * 1_000_000_000 + UInt64(attoseconds / 1_000_000_000)
    }
}
