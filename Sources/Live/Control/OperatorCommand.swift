import Risk
import StrategyKit

/// What an operator asks of a running daemon (`tickwork halt`, `reduce-only`, `resume`,
/// `flatten`, or the monitor's `POST /api/control/...`), posted to the runner's inbox.
public enum OperatorCommand: Sendable, Hashable, CustomStringConvertible {
    /// Halt `scope`: only cancels pass; its open orders are cancelled.
    case halt(TradingScope, reason: String?)
    /// Let `scope` only reduce its positions.
    case reduceOnly(TradingScope)
    /// Set `scope` active again.
    case resume(TradingScope)
    /// Cancel the orders of `scope` and close its positions (in `symbol`, or in all).
    case flatten(TradingScope, symbol: Symbol?)

    /// The scope the command acts on.
    public var scope: TradingScope {
        switch self {
        case .halt(let scope, _), .reduceOnly(let scope), .resume(let scope), .flatten(let scope, _): scope
        }
    }

    /// The command's name as the command line and the control routes spell it.
    public var name: String {
        switch self {
        case .halt: "halt"
        case .reduceOnly: "reduce-only"
        case .resume: "resume"
        case .flatten: "flatten"
        }
    }

    /// `halt strategy mm (reason: ...)`, `flatten account in FOO`, ...
    public var description: String {
        switch self {
        case .halt(let scope, let reason): "halt \(scope)" + (reason.map { " (reason: \($0))" } ?? "")
        case .reduceOnly(let scope): "reduce-only \(scope)"
        case .resume(let scope): "resume \(scope)"
        case .flatten(let scope, let symbol): "flatten \(scope)" + (symbol.map { " in \($0)" } ?? "")
        }
    }
}
