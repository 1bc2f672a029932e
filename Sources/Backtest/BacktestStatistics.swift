/// Counts of what a backtest did.
public struct BacktestStatistics: Hashable, Sendable, Codable {
    /// Books fed to the venue and the engine.
    public var books = 0
    /// Venue answers delivered to the engine.
    public var reports = 0
    /// Orders the engine sent (risk-approved).
    public var orders = 0
    /// Cancels the engine sent.
    public var cancels = 0
    /// Orders the venue refused.
    public var rejected = 0
    /// Fills the engine booked.
    public var fills = 0
    /// Trading state changes (loss limits).
    public var tradingStateChanges = 0

    public init() {}
}
