#if canImport(Glibc)
import Glibc
#endif
import StrategyKit

/// The wall clock that stamps what is written with the time it happened: responses, placements,
/// log lines.
public enum WallClock {
    /// The current UTC time from `CLOCK_REALTIME`.
    @Sendable
    public static func now() -> Timestamp {
        var spec = timespec()
        clock_gettime(CLOCK_REALTIME, &spec)
        return Timestamp(nanoseconds: Int64(spec.tv_sec) * 1_000_000_000 + Int64(spec.tv_nsec))
    }
}
