/// A duration as people write it in options and configuration: a whole number and its unit,
/// `500ms`, `5s`, `2m` or `1h`. The one grammar the command line and the configuration share.
public enum DurationText {
    private static let units: [(suffix: String, milliseconds: Int64)] = [("ms", 1), ("s", 1_000), ("m", 60_000), ("h", 3_600_000)]

    /// The duration `text` names, nil when it is not a whole number with one of the units or
    /// does not fit.
    public static func parse(_ text: some StringProtocol) -> Duration? {
        for unit in units where text.hasSuffix(unit.suffix) {
            let digits = text.dropLast(unit.suffix.count)
            guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }), let count = Int64(digits),
                count <= Int64.max / 1_000_000 / unit.milliseconds
            else { continue }
            return .milliseconds(count * unit.milliseconds)
        }
        return nil
    }

    /// `duration` in the largest unit that shows it whole (`1h`, `90s`, `250ms`), rounded down
    /// to the millisecond.
    public static func describe(_ duration: Duration) -> String {
        let milliseconds = wholeMilliseconds(duration)
        for unit in units.reversed() where milliseconds != 0 && milliseconds % unit.milliseconds == 0 {
            return "\(milliseconds / unit.milliseconds)\(unit.suffix)"
        }
        return "\(milliseconds)ms"
    }

    /// `duration` in whole milliseconds, rounded down.
    public static func wholeMilliseconds(_ duration: Duration) -> Int64 {
        duration.components.seconds * 1_000 + duration.components.attoseconds / 1_000_000_000_000_000
    }
}
