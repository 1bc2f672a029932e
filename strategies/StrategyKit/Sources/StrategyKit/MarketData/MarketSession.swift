/// Whether the market is open, and its next close and open, from the broker's calendar
/// (Alpaca's `/v2/clock` and `/v2/calendar`, early closes included). A venue without sessions
/// (StockFighter) is always open and never closes. (SDK 4.0)
@frozen
public struct MarketSession: Hashable, Sendable, Codable {
    public var isOpen: Bool
    /// When the market next closes (today's close while open); nil for a venue that never does.
    public var nextClose: Timestamp?
    /// When the market next opens; nil while open on a venue that never closes.
    public var nextOpen: Timestamp?

    @inlinable
    public init(isOpen: Bool, nextClose: Timestamp?, nextOpen: Timestamp?) {
        self.isOpen = isOpen
        self.nextClose = nextClose
        self.nextOpen = nextOpen
    }

    /// A venue that is always open.
    public static let alwaysOpen = MarketSession(isOpen: true, nextClose: nil, nextOpen: nil)
}
