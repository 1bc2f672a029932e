import StrategyKit
import Wire

/// The dates of the simulated EDGAR: days since the Unix epoch, written as EDGAR writes them.
enum EdgarCalendar {
    static let dayNanoseconds: Int64 = 86_400_000_000_000

    /// The day `time` falls on (UTC).
    static func day(_ time: Timestamp) -> Int64 {
        let (quotient, remainder) = time.nanoseconds.quotientAndRemainder(dividingBy: dayNanoseconds)
        return remainder < 0 ? quotient - 1 : quotient
    }

    /// The day `day` of `month` of `year`; a month past 12 runs into the next years and one
    /// below 1 into the earlier ones, a day past the month's end into the next months.
    static func day(year: Int, month: Int, day: Int) -> Int64 {
        let monthIndex = ((month - 1) % 12 + 12) % 12
        let years = (month - 1 - monthIndex) / 12
        let first = Timestamp(iso8601: "\(padded(year + years, 4))-\(padded(monthIndex + 1, 2))-01T00:00:00Z")!
        return Self.day(first) + Int64(day - 1)
    }

    /// The last day of `month` of `year`.
    static func lastDay(year: Int, month: Int) -> Int64 {
        day(year: year, month: month + 1, day: 1) - 1
    }

    /// `YYYY-MM-DD`.
    static func date(_ day: Int64) -> String {
        String(Timestamp(nanoseconds: day * dayNanoseconds).iso8601.prefix(10))
    }

    /// The year of `day`.
    static func year(_ day: Int64) -> Int {
        yearAndMonth(day).year
    }

    /// The year and month (1 to 12) of `day`.
    static func yearAndMonth(_ day: Int64) -> (year: Int, month: Int) {
        let text = date(day)
        return (Int(text.prefix(4))!, Int(text.dropFirst(5).prefix(2))!)
    }

    /// `2024-11-01T06:01:36.000Z`: EDGAR's acceptance time, to the second.
    static func acceptance(_ time: Timestamp) -> String {
        String(time.iso8601.prefix(19)) + ".000Z"
    }

    /// `value` in decimal, zero-padded to `width` digits.
    static func padded(_ value: Int, _ width: Int) -> String {
        let digits = String(value)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
}
