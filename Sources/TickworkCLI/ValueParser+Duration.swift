import CommandLineKit

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
        let expected = "a duration such as 500ms, 5s, 2m or 1h, from \(describe(range.lowerBound)) to \(describe(range.upperBound))"
        let parser = ValueParser { text throws(ValueError) in
            guard let duration = parse(text), range.contains(duration) else { throw .expected(expected) }
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

    /// The duration `text` names (`500ms`, `5s`, `2m`, `1h`), nil when none.
    static func parse(_ text: String) -> Duration? {
        let units: [(String, Int64)] = [("ms", 1), ("s", 1_000), ("m", 60_000), ("h", 3_600_000)]
        for (suffix, milliseconds) in units where text.hasSuffix(suffix) {
            let digits = text.dropLast(suffix.count)
            guard !digits.isEmpty, digits.allSatisfy(\.isASCII), let count = Int64(digits), count >= 0,
                count <= Int64.max / 1_000_000 / milliseconds
            else { continue }
            return .milliseconds(count * milliseconds)
        }
        return nil
    }

    /// `duration` in the largest unit that shows it whole (`1h`, `90s`, `250ms`).
    static func describe(_ duration: Duration) -> String {
        let milliseconds = duration.wholeMilliseconds
        for (suffix, size) in [("h", Int64(3_600_000)), ("m", 60_000), ("s", 1_000)] where milliseconds != 0 && milliseconds % size == 0 {
            return "\(milliseconds / size)\(suffix)"
        }
        return "\(milliseconds)ms"
    }
}

extension Duration {
    /// This duration in whole milliseconds, rounded down.
    var wholeMilliseconds: Int64 {
        components.seconds * 1_000 + components.attoseconds / 1_000_000_000_000_000
    }
}
