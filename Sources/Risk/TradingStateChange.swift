import StrategyKit

/// A change of trading state the caller must act on: log it, persist `RiskChecker.state`, and
/// when `cancelOpenOrders` is set, cancel every open order in the scope.
public struct TradingStateChange: Hashable, Sendable, Codable, CustomStringConvertible {
    public var scope: TradingScope
    public var from: TradingState
    public var to: TradingState
    /// Why: `RISK_MAX_LOSS`, `RISK_MANUAL` or `RISK_ORDER_ID_CLASH`.
    public var code: RiskCode
    /// The loss limit that was crossed, in units of $0.0001 (`Money.units`); nil for a manual change.
    public var limit: Int64?
    /// The loss since the start of the day, in units of $0.0001; nil for a manual change.
    public var actual: Int64?
    /// Whether the open orders of the scope must be cancelled (on every move to halted).
    public var cancelOpenOrders: Bool
    public var time: Timestamp

    public init(
        scope: TradingScope, from: TradingState, to: TradingState, code: RiskCode, limit: Int64?,
        actual: Int64?, cancelOpenOrders: Bool, time: Timestamp
    ) {
        self.scope = scope
        self.from = from
        self.to = to
        self.code = code
        self.limit = limit
        self.actual = actual
        self.cancelOpenOrders = cancelOpenOrders
        self.time = time
    }

    /// `CODE scope: from -> to`, with the loss and limit when there are numbers.
    public var description: String {
        var text = "\(code.rawValue) \(scope): \(from.rawValue) -> \(to.rawValue)"
        if let limit, let actual {
            text += " (loss \(Money(units: actual)) beyond limit \(Money(units: limit)))"
        }
        if cancelOpenOrders { text += ", cancel open orders" }
        return text
    }
}
