import StrategyKit

/// Two different orders under one exchange id: the tracker cannot tell which of them a report
/// or fill belongs to, so it books neither as the other; the strategies involved are halted
/// until an operator resumes them.
public struct OrderClash: Hashable, Sendable {
    /// The order the id already stood for, as the tracker or the ledger knew it.
    public var known: String
    /// The exchange's report of the other order under the same id.
    public var reported: OrderStatus
    /// The strategies whose orders are involved (the known one's, and the submitter's when a
    /// new placement was acknowledged with the id).
    public var strategies: [StrategyID]
}
