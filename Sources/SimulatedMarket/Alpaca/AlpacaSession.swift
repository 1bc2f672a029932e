@_spi(Host) import StrategyKit

/// The simulated market's daily session in UTC, every day of the week: orders are taken from
/// `opens` to `closes`, and day orders still open at the close expire.
public struct AlpacaSession: Sendable, Equatable {
    /// Minutes after midnight UTC at which the session opens.
    public let opens: Int
    /// Minutes after midnight UTC at which it closes; later than `opens`.
    public let closes: Int

    /// A session from `opens` to `closes` minutes after midnight UTC; nil unless
    /// `0 <= opens < closes <= 1440`.
    public init?(opens: Int, closes: Int) {
        guard 0 <= opens, opens < closes, closes <= 1_440 else { return nil }
        self.opens = opens
        self.closes = closes
    }

    /// Parses `HH:MM-HH:MM` (UTC), e.g. `13:30-20:00`; nil for anything else.
    public init?(parsing text: String) {
        let parts = text.split(separator: "-")
        guard parts.count == 2, let opens = Self.minutes(parts[0]), let closes = Self.minutes(parts[1]) else { return nil }
        self.init(opens: opens, closes: closes)
    }

    /// Whether the session is open at `nanoseconds` since the epoch.
    func isOpen(at nanoseconds: Int64) -> Bool {
        let time = Timestamp(nanoseconds: nanoseconds)
        let minute = Int(time.nanoseconds(since: time.startOfUTCDay) / TradeTape.nanosecondsPerMinute)
        return opens <= minute && minute < closes
    }

    /// The first opening strictly after `nanoseconds`.
    func nextOpen(after nanoseconds: Int64) -> Int64 { next(opens, after: nanoseconds) }

    /// The first close strictly after `nanoseconds`.
    func nextClose(after nanoseconds: Int64) -> Int64 { next(closes, after: nanoseconds) }

    /// The last close at or before `nanoseconds`.
    func lastClose(atOrBefore nanoseconds: Int64) -> Int64 { next(closes, after: nanoseconds) - Timestamp.nanosecondsPerDay }

    private func next(_ minute: Int, after nanoseconds: Int64) -> Int64 {
        let midnight = Timestamp(nanoseconds: nanoseconds).startOfUTCDay.nanoseconds
        let today = midnight + Int64(minute) * TradeTape.nanosecondsPerMinute
        return today > nanoseconds ? today : today + Timestamp.nanosecondsPerDay
    }

    private static func minutes(_ text: Substring) -> Int? {
        let fields = text.split(separator: ":", omittingEmptySubsequences: false)
        guard fields.count == 2, fields.allSatisfy({ $0.count == 2 }), let hours = Int(fields[0]), let minutes = Int(fields[1]),
              (0...24).contains(hours), (0...59).contains(minutes), hours * 60 + minutes <= 1_440 else { return nil }
        return hours * 60 + minutes
    }
}
