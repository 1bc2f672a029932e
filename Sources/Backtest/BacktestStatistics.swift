/// Counts of what a backtest did.
public struct BacktestStatistics: Hashable, Sendable, Codable {
    /// Books fed to the venue and the engine.
    public var books = 0
    /// Recorded trades fed to the engine.
    public var trades = 0
    /// Venue answers delivered to the engine.
    public var reports = 0
    /// Orders the engine sent (risk-approved).
    public var orders = 0
    /// Cancels the engine sent.
    public var cancels = 0
    /// Orders the venue refused.
    public var rejected = 0
    /// Day orders the venue expired at a session's close.
    public var expired = 0
    /// Fills the engine booked.
    public var fills = 0
    /// Trading state changes (loss limits).
    public var tradingStateChanges = 0

    public init() {}

    private enum CodingKeys: String, CodingKey {
        case books, trades, reports, orders, cancels, rejected, expired, fills, tradingStateChanges
    }

    /// Reads what `encode(to:)` writes; `trades` and `expired` may be absent (a sweep's result
    /// written before they were counted) and are then 0.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        books = try container.decode(Int.self, forKey: .books)
        trades = try container.decodeIfPresent(Int.self, forKey: .trades) ?? 0
        reports = try container.decode(Int.self, forKey: .reports)
        orders = try container.decode(Int.self, forKey: .orders)
        cancels = try container.decode(Int.self, forKey: .cancels)
        rejected = try container.decode(Int.self, forKey: .rejected)
        expired = try container.decodeIfPresent(Int.self, forKey: .expired) ?? 0
        fills = try container.decode(Int.self, forKey: .fills)
        tradingStateChanges = try container.decode(Int.self, forKey: .tradingStateChanges)
    }
}
