import StrategyKit
import Wire

/// A trading day of `GET /v2/calendar`: its date and the instants of its regular session
/// (`open`, `close`) and of the extended session around it (`session_open`, `session_close`),
/// which Alpaca gives in New York time (`NewYorkTime`).
public struct AlpacaCalendarDay: Sendable, Hashable {
    /// The New York date, `YYYY-MM-DD`.
    public var date: String
    public var open: Timestamp
    public var close: Timestamp
    public var sessionOpen: Timestamp?
    public var sessionClose: Timestamp?

    public init(date: String, open: Timestamp, close: Timestamp, sessionOpen: Timestamp? = nil, sessionClose: Timestamp? = nil) {
        self.date = date
        self.open = open
        self.close = close
        self.sessionOpen = sessionOpen
        self.sessionClose = sessionClose
    }

    /// Reads the day object at `reader`; `date`, `open` and `close` are required.
    init(reading reader: inout JSONReader) throws(JSONReadError) {
        var date: String?, open: String?, close: String?, sessionOpen: String?, sessionClose: String?
        try reader.readObject { reader, key throws(JSONReadError) in
            if key.equals("date") { date = try reader.string() }
            else if key.equals("open") { open = try reader.string() }
            else if key.equals("close") { close = try reader.string() }
            else if key.equals("session_open") { sessionOpen = try reader.optionalString() }
            else if key.equals("session_close") { sessionClose = try reader.optionalString() }
            else { try reader.skipValue() }
        }
        guard let date, let open, let close else { throw .refused("calendar: date, open and close are required") }
        guard let opens = NewYorkTime.instant(date: date, time: open), let closes = NewYorkTime.instant(date: date, time: close) else {
            throw .refused("calendar \(date): open \(open) or close \(close) is not a date and time")
        }
        self.init(
            date: date, open: opens, close: closes, sessionOpen: sessionOpen.flatMap { NewYorkTime.instant(date: date, time: $0) },
            sessionClose: sessionClose.flatMap { NewYorkTime.instant(date: date, time: $0) })
    }
}
