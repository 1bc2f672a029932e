import StrategyKit

/// What the daemon's EDGAR polling has done since it started, for `/metrics`.
public struct EdgarFigures: Sendable, Hashable {
    /// New filings stored (delivered to the strategies, or kept as history on a company's first
    /// poll).
    public var filings: UInt64 = 0
    /// EDGAR calls by outcome: `ok`, or the failure's kind (`not_found`, `rate_limited`,
    /// `server`, `transport`, ...); a company list read from the cache is no call.
    public var requests: [String: UInt64] = [:]
    /// When the last poll ended; nil before the first.
    public var lastPoll: Timestamp?

    public init() {}
}
