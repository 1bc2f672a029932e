import StrategyKit

/// A refused order: the stable code, the numbers that decided it, and a message for a human.
public struct RiskDenial: Hashable, Sendable, Codable, CustomStringConvertible {
    /// Why, as a stable code.
    public var code: RiskCode
    /// The strategy that asked.
    public var strategyID: StrategyID
    /// What it asked for.
    public var request: OrderRequest
    /// The limit that was hit, in the check's unit (shares, units of $0.0001 for prices and
    /// money, orders, basis points, ms); nil when the check has no number (a halted state, a
    /// missing book).
    public var limit: Int64?
    /// The value that broke the limit, in the same unit; nil when there is none.
    public var actual: Int64?
    /// One line that says what was refused and why, with the numbers.
    public var message: String

    public init(
        code: RiskCode, strategyID: StrategyID, request: OrderRequest, limit: Int64?, actual: Int64?,
        message: String
    ) {
        self.code = code
        self.strategyID = strategyID
        self.request = request
        self.limit = limit
        self.actual = actual
        self.message = message
    }

    /// `CODE strategy: message`.
    public var description: String { "\(code.rawValue) \(strategyID): \(message)" }
}
