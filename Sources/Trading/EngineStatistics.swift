import Risk

/// Counters of what the engine has handled, for the status line and the periodic summary.
public struct EngineStatistics: Hashable, Sendable {
    /// Book snapshots passed to strategies.
    public var books: Int = 0
    /// Book snapshots dropped as stale or out of order (not newer than the last one fed).
    public var booksDropped: Int = 0
    /// Intents strategies returned.
    public var intents: Int = 0
    /// Orders the risk checker approved.
    public var approved: Int = 0
    /// Orders the risk checker denied.
    public var denied: Int = 0
    /// The denials by reason code (they add up to `denied`).
    public var deniedByCode: [RiskCode: Int] = [:]
    /// The first denial of each code, with its numbers (a report shows what to raise).
    public var firstDenialByCode: [RiskCode: RiskDenial] = [:]
    /// New fills recorded.
    public var fills: Int = 0
    /// Cancels sent.
    public var cancels: Int = 0

    public init() {}
}
