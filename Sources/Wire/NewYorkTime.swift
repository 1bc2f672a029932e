@_spi(Host) import StrategyKit

/// New York's wall-clock time, where US stock exchanges keep their calendar (Alpaca's
/// `/v2/calendar` says `09:30` and `16:00` in it): Eastern Standard Time, UTC-5, and from the
/// second Sunday of March to the first Sunday of November Eastern Daylight Time, UTC-4 (the
/// rules since 2007), switching at 2:00 local time.
public enum NewYorkTime {
    /// The UTC offset in effect at `time`, in seconds (-14400 or -18000).
    public static func offsetSeconds(at time: Timestamp) -> Int64 {
        let seconds = time.nanoseconds / 1_000_000_000
        let year = Int64(String(Timestamp(nanoseconds: time.nanoseconds).iso8601.prefix(4))) ?? 1970
        // 2:00 EST is 07:00 UTC; 2:00 EDT is 06:00 UTC.
        let starts = nthSunday(2, of: 3, in: year) * 86_400 + 7 * 3_600
        let ends = nthSunday(1, of: 11, in: year) * 86_400 + 6 * 3_600
        return seconds >= starts && seconds < ends ? -4 * 3_600 : -5 * 3_600
    }

    /// The New York date of `time`, `YYYY-MM-DD`.
    public static func date(of time: Timestamp) -> String {
        String(local(time).prefix(10))
    }

    /// The New York time of day of `time`, `HH:MM`.
    public static func timeOfDay(of time: Timestamp) -> String {
        String(local(time).dropFirst(11).prefix(5))
    }

    /// The instant of `hhmm` (`09:30` or `0930`; `24:00` is the next midnight) on New York date
    /// `date` (`YYYY-MM-DD`); nil for text in neither form. The offset is the one in effect at
    /// noon that day, so on the two days a year the clocks change only the hours before 3:00 are
    /// an hour off.
    public static func instant(date: String, time hhmm: String) -> Timestamp? {
        let digits = hhmm.filter { $0 != ":" }
        guard digits.count == 4, digits.allSatisfy(\.isASCII), let hours = Int64(digits.prefix(2)), let minutes = Int64(digits.suffix(2)),
              hours <= 24, minutes < 60, hours * 60 + minutes <= 1_440,
              let midnight = Timestamp(iso8601: date + "T00:00:00Z"), date.count == 10 else { return nil }
        let noon = midnight.advanced(byNanoseconds: 12 * 3_600_000_000_000)
        let local = (hours * 3_600 + minutes * 60 - offsetSeconds(at: noon)) * 1_000_000_000
        return midnight.advanced(byNanoseconds: local)
    }

    /// The day after New York date `date` (`YYYY-MM-DD`), nil for text that is not a date.
    public static func day(after date: String) -> String? {
        guard let midnight = Timestamp(iso8601: date + "T00:00:00Z"), date.count == 10 else { return nil }
        return String(midnight.advanced(byNanoseconds: Timestamp.nanosecondsPerDay).iso8601.prefix(10))
    }

    /// The day of the week of date `date` (`YYYY-MM-DD`), 0 for Sunday to 6 for Saturday; nil
    /// for text that is not a date.
    public static func weekday(of date: String) -> Int? {
        guard let midnight = Timestamp(iso8601: date + "T00:00:00Z"), date.count == 10 else { return nil }
        let days = midnight.nanoseconds / Timestamp.nanosecondsPerDay
        return Int((days + 4) % 7)
    }

    private static func local(_ time: Timestamp) -> String {
        Timestamp(nanoseconds: time.nanoseconds + offsetSeconds(at: time) * 1_000_000_000).iso8601
    }

    /// Days since 1970-01-01 of the `n`th Sunday of `month` in `year`.
    private static func nthSunday(_ n: Int64, of month: Int64, in year: Int64) -> Int64 {
        let text = "\(year)-\(month < 10 ? "0" : "")\(month)-01T00:00:00Z"
        let first = (Timestamp(iso8601: text)?.nanoseconds ?? 0) / Timestamp.nanosecondsPerDay
        let weekday = (first + 4) % 7
        return first + (7 - weekday) % 7 + 7 * (n - 1)
    }
}
