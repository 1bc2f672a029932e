import CommandLineKit
import Wire

/// The unit a duration option took before durations carried their own (`--interval 250` in
/// milliseconds): a bare number is still read in it, with a deprecation warning, for one release.
enum OldDurationUnit: Sendable {
    case milliseconds, seconds

    var name: String { self == .milliseconds ? "milliseconds" : "seconds" }
    var suffix: String { self == .milliseconds ? "ms" : "s" }

    func duration(_ count: Int64) -> Duration { self == .milliseconds ? .milliseconds(count) : .seconds(count) }
}

extension ValueParser where Value == Duration {
    /// A whole number with its unit, `500ms`, `5s`, `2m` or `1h`, within `range`; with
    /// `oldUnit`, a bare number too, in that unit, warned about.
    static func duration(in range: ClosedRange<Duration>, bareNumberIn oldUnit: OldDurationUnit? = nil) -> ValueParser<Duration> {
        let expected = "a duration such as 500ms, 5s, 2m or 1h, from \(DurationText.describe(range.lowerBound)) to \(DurationText.describe(range.upperBound))"
        let parser = ValueParser { text throws(ValueError) in
            guard let duration = DurationText.parse(text), range.contains(duration) else { throw .expected(expected) }
            return duration
        }
        guard let oldUnit else { return parser }
        return parser.accepting(
            old: { text in
                guard let count = Int64(text), count >= 0, count <= 1_000_000_000 else { return nil }
                let duration = oldUnit.duration(count)
                return range.contains(duration) ? duration : nil
            },
            deprecation: "a bare number is \(oldUnit.name) for one more release; write the unit (\(oldUnit.suffix))")
    }
}

extension Duration {
    /// This duration in whole milliseconds, rounded down.
    var wholeMilliseconds: Int64 { DurationText.wholeMilliseconds(self) }
}
