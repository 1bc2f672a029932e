import StrategyKit

/// The trading day a day file of history covers (`data download` writes one per symbol and day):
/// its regular session and, where the source has them, the extended hours around it, as
/// instants (Alpaca's calendar gives them in New York time).
public struct RecordingSession: Hashable, Sendable, Codable {
    /// The exchange's trading day, `YYYY-MM-DD`.
    public var date: String
    public var open: Timestamp
    public var close: Timestamp
    /// When extended-hours trading starts (pre-market); nil where the source does not say.
    public var extendedOpen: Timestamp?
    /// When extended-hours trading ends (after-hours); nil where the source does not say.
    public var extendedClose: Timestamp?

    public init(date: String, open: Timestamp, close: Timestamp, extendedOpen: Timestamp? = nil, extendedClose: Timestamp? = nil) {
        self.date = date
        self.open = open
        self.close = close
        self.extendedOpen = extendedOpen
        self.extendedClose = extendedClose
    }
}
