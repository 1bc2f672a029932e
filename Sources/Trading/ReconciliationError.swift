import StrategyKit

/// Why start-up reconciliation refuses to trade: the ledger and the exchange disagree in a way
/// that appending the fills the ledger lacks cannot explain.
public enum ReconciliationError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The ledger holds more fills of an order than the exchange shows for it.
    case ledgerAhead(order: OrderID, symbol: Symbol, ledgerFills: Int, ledgerShares: Quantity, exchangeFills: Int, exchangeShares: Quantity)
    /// Over the orders both know, the ledger's position in a symbol differs from the exchange's fills.
    case positionMismatch(symbol: Symbol, ledger: Int64, exchange: Int64)

    public var description: String {
        switch self {
        case .ledgerAhead(let order, let symbol, let ledgerFills, let ledgerShares, let exchangeFills, let exchangeShares):
            "reconciliation: \(symbol): the ledger holds \(ledgerFills) fills (\(ledgerShares) shares) of order \(order), "
                + "the exchange shows \(exchangeFills) (\(exchangeShares) shares); refusing to trade"
        case .positionMismatch(let symbol, let ledger, let exchange):
            "reconciliation: \(symbol): the ledger's position from the orders the exchange shows is \(ledger) shares, "
                + "the exchange's fills of those orders make \(exchange); refusing to trade"
        }
    }
}
