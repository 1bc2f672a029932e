import CommandLineKit
@_spi(Host) import StrategyKit
import Wire

/// The times every time option takes (`history --since/--until`, `bars --from/--to`, `chart
/// --day`): an ISO-8601 date (midnight UTC) or time, `today` or `yesterday` (midnight UTC), or
/// `<N>d` (N days before now).
enum HistoryTime {
    static let parser = ValueParser<Timestamp> { text throws(ValueError) in
        guard let time = parse(text, now: WallClock.now()) else {
            throw .expected("an ISO-8601 date or time, today, yesterday or a number of days such as 7d")
        }
        return time
    }

    /// The time `text` names when it is `now`; nil when it names none.
    static func parse(_ text: String, now: Timestamp) -> Timestamp? {
        let midnight = now.startOfUTCDay
        switch text {
        case "today": return midnight
        case "yesterday": return midnight.advanced(byNanoseconds: -Timestamp.nanosecondsPerDay)
        default: break
        }
        if text.hasSuffix("d"), let days = Int64(text.dropLast()), (0...36_500).contains(days) {
            return now.advanced(byNanoseconds: -days * Timestamp.nanosecondsPerDay)
        }
        if text.count == 10, let time = Timestamp(iso8601: text + "T00:00:00Z") { return time }
        return Timestamp(iso8601: completed(text))
    }

    /// `text` with the seconds of an `hh:mm` time and the `Z` of a time without a zone added
    /// (ISO 8601 allows both to be left out; `Timestamp(iso8601:)` takes only whole times).
    private static func completed(_ text: String) -> String {
        guard let separator = text.firstIndex(of: "T") else { return text }
        let clock = text[text.index(after: separator)...]
        let zoneStart = clock.firstIndex { $0 == "Z" || $0 == "+" || $0 == "-" } ?? clock.endIndex
        let time = clock[..<zoneStart]
        let zone = clock[zoneStart...]
        return text[...separator] + time + (time.count == 5 ? ":00" : "") + (zone.isEmpty ? "Z" : zone)
    }
}
