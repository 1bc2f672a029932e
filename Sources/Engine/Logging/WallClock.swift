import StrategyKit

#if canImport(Glibc)
import Glibc
#endif

/// The system's real-time clock as a `Timestamp`.
public enum WallClock {
    /// Now, to the nanosecond (`CLOCK_REALTIME`).
    @Sendable public static func now() -> Timestamp {
        var spec = timespec()
        clock_gettime(CLOCK_REALTIME, &spec)
        return Timestamp(nanoseconds: Int64(spec.tv_sec) * 1_000_000_000 + Int64(spec.tv_nsec))
    }
}
