@_spi(Host) import StrategyKit
import Wire

extension Marketplace {
    /// The most days one calendar request lists.
    static let calendarDays = 3_660

    /// `GET /v2/calendar?start=DATE&end=DATE`: every day from `start` to `end` (New York dates,
    /// today's by default), since the simulated market trades every day, as Alpaca lists its
    /// trading days: `[{"date","open","close","session_open","session_close","settlement_date"}]`,
    /// `open` and `close` `HH:MM` and the extended session `HHMM`, in New York time. With a
    /// configured session those are its times (no extended hours around it); without one,
    /// Alpaca's usual 09:30-16:00 and 04:00-20:00.
    func alpacaCalendar(query: AlpacaQuery) throws(AlpacaFailure) -> [UInt8] {
        let (session, now) = try withAlpaca(nil) { alpaca, _, time throws(AlpacaFailure) in (alpaca.configuration.session, time) }
        let today = NewYorkTime.date(of: now)
        let start = try Self.calendarDate(query, "start") ?? today
        let end = try Self.calendarDate(query, "end") ?? today
        guard start <= end else { throw .invalid("start must not be after end") }
        var json = JSONWriter(capacity: 4_096)
        json.raw("[")
        var date = start
        var count = 0
        while date <= end {
            count += 1
            guard count <= Self.calendarDays else { throw .invalid("the calendar lists at most \(Self.calendarDays) days a request") }
            let next = NewYorkTime.day(after: date) ?? end
            if count > 1 { json.raw(",") }
            var hours = (open: "09:30", close: "16:00", sessionOpen: "0400", sessionClose: "2000")
            if let session, let midnight = Timestamp(iso8601: date + "T00:00:00Z") {
                let open = NewYorkTime.timeOfDay(of: midnight.advanced(byNanoseconds: Int64(session.opens) * TradeTape.nanosecondsPerMinute))
                let close = NewYorkTime.timeOfDay(of: midnight.advanced(byNanoseconds: Int64(session.closes) * TradeTape.nanosecondsPerMinute))
                hours = (open, close, open.filter { $0 != ":" }, close.filter { $0 != ":" })
            }
            json.raw("{")
            json.stringMember("date", date)
            json.stringMember("open", hours.open)
            json.stringMember("close", hours.close)
            json.stringMember("session_open", hours.sessionOpen)
            json.stringMember("session_close", hours.sessionClose)
            json.stringMember("settlement_date", next)
            json.raw("}")
            date = next
        }
        json.raw("]")
        return json.bytes
    }

    /// A `YYYY-MM-DD` date parameter (an RFC 3339 time gives its date), nil when absent.
    private static func calendarDate(_ query: AlpacaQuery, _ name: String) throws(AlpacaFailure) -> String? {
        guard query[name] != nil else { return nil }
        guard let time = try query.time(name) else { return nil }
        return String(time.iso8601.prefix(10))
    }
}
