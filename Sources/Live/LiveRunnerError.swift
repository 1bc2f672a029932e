import Ledger
import StrategyKit

/// Why `LiveRunner.run` ended other than by a stop message.
public enum LiveRunnerError: Error, Sendable, CustomStringConvertible {
    /// The ledger could not record a fill or make it durable (`cause`), so trading stopped and
    /// every open order of `account` was cancelled; `ordersLeftOpen` is how many the exchange
    /// still listed open when the sweep's time ran out (0: none), nil if it never answered.
    case ledgerFailed(LedgerError, account: Account, ordersLeftOpen: Int?)

    /// One line: the ledger's fault and what became of the account's orders.
    public var description: String {
        switch self {
        case .ledgerFailed(let cause, let account, let left):
            let orders = switch left {
            case 0?: "every open order of account \(account) was cancelled"
            case let count?: "\(count) order(s) of account \(account) still open after the cancel sweep: cancel them by hand"
            case nil: "the exchange did not list account \(account)'s orders: check for open orders by hand"
            }
            return "ledger failed, trading stopped: \(cause); \(orders)"
        }
    }
}
