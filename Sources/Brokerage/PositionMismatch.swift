import StrategyKit

/// The account holds a different position at the broker than the ledger says, after
/// reconciliation booked every fill of this configuration's orders that the ledger lacked:
/// trading refuses to start.
public struct PositionMismatch: Error, Hashable, Sendable, CustomStringConvertible {
    public var symbol: Symbol
    /// The shares the broker says the account holds (negative: short).
    public var broker: Quantity
    /// The shares the ledger's fills add up to.
    public var ledger: Quantity

    public init(symbol: Symbol, broker: Quantity, ledger: Quantity) {
        self.symbol = symbol
        self.broker = broker
        self.ledger = ledger
    }

    public var description: String {
        "\(symbol): the broker holds \(broker) shares but the ledger adds up to \(ledger) after reconciling this "
            + "configuration's orders; refusing to trade. Trades made outside it (by hand, by another program or "
            + "client order prefix) are not in the ledger: undo them at the broker, then restart"
    }
}
