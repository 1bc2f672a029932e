import StrategyKit

/// What the daemon's EDGAR polling has done since it started, for `/metrics`.
public struct EdgarFigures: Sendable, Hashable {
    /// New filings handed to the strategies: a company's past filings, stored on its first poll,
    /// are history and not counted.
    public var filings: UInt64 = 0
    /// EDGAR calls by outcome: `ok`, or the failure's kind (`not_found`, `rate_limited`,
    /// `server`, `transport`, ...); a company list read from the cache is no call.
    public var requests: [String: UInt64] = [:]
    /// When the last poll ended; nil before the first.
    public var lastPoll: Timestamp?

    public init() {}
}
