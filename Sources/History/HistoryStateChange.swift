import StrategyKit

/// A change of trading state (active, reduce-only, halted) of a strategy, a symbol or the account.
public struct HistoryStateChange: Hashable, Sendable, HistoryRecord {
    public var time: Timestamp
    /// What changed state (`account`, `strategy mm-1`, `symbol FOOBAR`).
    public var scope: String
    public var from: String
    public var to: String
    /// Why (`RISK_MAX_LOSS`, `RISK_MANUAL`, ...).
    public var code: String
    /// The loss limit crossed; nil for a manual change.
    public var limit: Money?
    /// The loss since the start of the day; nil for a manual change.
    public var actual: Money?

    public init(time: Timestamp, scope: String, from: String, to: String, code: String, limit: Money?, actual: Money?) {
        self.time = time
        self.scope = scope
        self.from = from
        self.to = to
        self.code = code
        self.limit = limit
        self.actual = actual
    }

    public static let columns = ["time_ns", "scope", "from_state", "to_state", "code", "limit_units", "actual_units"]

    public var values: [SQLiteValue] {
        [
            .integer(time.nanoseconds), .text(scope), .text(from), .text(to), .text(code), SQLiteValue(limit?.units),
            SQLiteValue(actual?.units),
        ]
    }
}
