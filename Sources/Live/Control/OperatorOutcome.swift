import Risk
import StrategyKit

/// The runner's answer to an `OperatorCommand`: whether it was carried out, what it did, and
/// the trading states after it. Encodes as the control routes' JSON answer.
public struct OperatorOutcome: Sendable, Hashable, Codable {
    /// Whether the command was carried out (a command that changes nothing is, too).
    public var ok: Bool
    /// The command's name (`halt`, `reduce-only`, `resume`, `flatten`).
    public var command: String
    /// `account` or `strategy <id>`.
    public var scope: String
    /// One sentence: what changed, or why nothing did.
    public var message: String
    /// The account's trading state after the command.
    public var account: TradingState
    /// Each strategy's trading state after the command, by id.
    public var strategies: [String: TradingState]
    /// How many cancels the command sent.
    public var cancels: Int

    public init(
        ok: Bool, command: String, scope: String, message: String, account: TradingState, strategies: [String: TradingState],
        cancels: Int
    ) {
        self.ok = ok
        self.command = command
        self.scope = scope
        self.message = message
        self.account = account
        self.strategies = strategies
        self.cancels = cancels
    }
}
