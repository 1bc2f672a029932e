import Lifecycle
import StrategyKit

/// Counts risk denials in fixed windows and says when a window's count reaches `threshold`:
/// once per window, however many more come in it. A window starts at the first denial after
/// the last one ended.
public struct DenialRate: Sendable, Hashable {
    public var threshold: Int
    public var window: Duration
    private var windowStart: Timestamp?
    private var count = 0

    public init(threshold: Int, window: Duration) {
        precondition(threshold > 0 && window > .zero, "a threshold and a window are needed")
        self.threshold = threshold
        self.window = window
    }

    /// Notes one denial at `time`; returns the window's count when it has just reached the
    /// threshold (tell the operator), else nil.
    public mutating func note(at time: Timestamp) -> Int? {
        let length = Int64(clamping: MonotonicClock.nanoseconds(of: window))
        if let start = windowStart, time.nanoseconds - start.nanoseconds < length {
            count += 1
        } else {
            windowStart = time
            count = 1
        }
        return count == threshold ? count : nil
    }
}

