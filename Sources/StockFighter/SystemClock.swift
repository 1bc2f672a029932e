import StrategyKit
import Wire

/// The wall clock the invoker stamps responses and placements with: Wire's `WallClock`, under
/// the name the client's callers know.
public enum SystemClock {
    /// The current UTC time from `CLOCK_REALTIME`.
    @Sendable
    public static func now() -> Timestamp { WallClock.now() }
}
