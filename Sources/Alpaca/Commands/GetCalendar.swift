import APIClient
import Wire

/// GET `/v2/calendar?start&end`: the trading days from `start` to `end` (`YYYY-MM-DD`, both
/// inclusive) with their sessions' times.
public struct GetCalendar: AlpacaCommand, Hashable {
    public var start: String
    public var end: String

    public init(start: String, end: String) {
        self.start = start
        self.end = end
    }

    public var api: AlpacaAPI { .trading }
    public var method: HTTPMethod { .get }
    public var path: String { AlpacaPath.make("/v2/calendar", [("start", start), ("end", end)]) }

    public func decode(_ body: UnsafeRawBufferPointer) throws(JSONReadError) -> [AlpacaCalendarDay] {
        try JSONReader.document(body) { reader throws(JSONReadError) in
            try reader.array { reader throws(JSONReadError) in try AlpacaCalendarDay(reading: &reader) }
        }
    }
}
