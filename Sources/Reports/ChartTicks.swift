@_spi(Host) import StrategyKit
import Wire

/// Where a chart's axes carry labels: round steps a reader can add in their head.
enum ChartTicks {
    /// The steps a time axis may take, in nanoseconds: seconds, minutes, hours and days that
    /// divide the next larger unit evenly.
    static let timeSteps: [Int64] = [1, 2, 5, 10, 15, 30, 60, 120, 300, 600, 900, 1_800, 3_600, 7_200, 10_800, 21_600, 43_200, 86_400, 172_800, 604_800]
        .map { $0 * 1_000_000_000 }

    /// Times from `low` to `high` (nanoseconds) on the smallest step of `timeSteps` that gives
    /// at most `count` of them, each a whole multiple of the step (so 22:14:30, 22:15:00, ...).
    static func times(from low: Int64, to high: Int64, atMost count: Int) -> (ticks: [Int64], step: Int64) {
        let span = high.subtractingReportingOverflow(low)
        let step = timeSteps.first { step in span.overflow ? false : span.partialValue / step < Int64(count) } ?? timeSteps[timeSteps.count - 1]
        return (multiples(of: step, from: low, to: high), step)
    }

    /// A time tick's label for an axis of `step`: `22:14:30` under a minute, `22:14` under a
    /// day, else `12-01 22:14` (UTC).
    static func label(_ time: Int64, step: Int64) -> String {
        let text = Array(Timestamp(nanoseconds: time).iso8601)
        guard text.count >= 19 else { return String(text) }
        if step < 60_000_000_000 { return String(text[11..<19]) }
        if step < Timestamp.nanosecondsPerDay { return String(text[11..<16]) }
        return String(text[5..<10]) + " " + String(text[11..<16])
    }

    /// The UTC date of `time`, `2026-12-01`, said once under a time axis.
    static func date(_ time: Int64) -> String {
        String(Timestamp(nanoseconds: time).iso8601.prefix(10))
    }

    /// Values from `low` to `high` on a step of 1, 2 or 5 times a power of ten that gives at most
    /// `count` of them (at least one step), each a whole multiple of the step.
    static func values(from low: Int64, to high: Int64, atMost count: Int) -> [Int64] {
        let span = high.subtractingReportingOverflow(low)
        guard !span.overflow, span.partialValue > 0 else { return [low] }
        var power: Int64 = 1
        while true {
            for factor: Int64 in [1, 2, 5] {
                let (step, overflow) = power.multipliedReportingOverflow(by: factor)
                if overflow { return [low, high] }
                if span.partialValue / step < Int64(count) { return multiples(of: step, from: low, to: high) }
            }
            let (next, overflow) = power.multipliedReportingOverflow(by: 10)
            if overflow { return [low, high] }
            power = next
        }
    }

    /// The multiples of `step` from `low` to `high`, both included where they are multiples.
    private static func multiples(of step: Int64, from low: Int64, to high: Int64) -> [Int64] {
        // The first multiple at or above `low`, rounding toward +infinity for negative values too.
        let remainder = low % step
        var tick = low - remainder
        if remainder > 0 {
            let (up, overflow) = tick.addingReportingOverflow(step)
            if overflow { return [] }
            tick = up
        }
        var ticks: [Int64] = []
        while tick <= high {
            ticks.append(tick)
            let (next, overflow) = tick.addingReportingOverflow(step)
            if overflow { break }
            tick = next
        }
        return ticks
    }
}
