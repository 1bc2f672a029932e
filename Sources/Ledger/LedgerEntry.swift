import StrategyKit

/// One line of the ledger: a fill, its place in the ledger, and the running totals of the fill's
/// strategy in the fill's symbol after it.
///
/// `positionAfter`, `cashAfter` and `realizedAfter` are scoped to the pair (strategy, symbol):
/// the shares that strategy holds in that symbol, the cash its fills in that symbol moved
/// (negative after buying), and the profit or loss its fills in that symbol realized, all after
/// this fill. FORMAT.md gives the exact rules.
public struct LedgerEntry: Hashable, Sendable {
    /// The line's sequence number: 1 for the first line, then one more per line.
    public var sequence: UInt64
    /// The fill recorded by this line.
    public var fill: Fill
    /// True when the fill was found at start-up reconciliation with the exchange rather than
    /// seen live.
    public var reconciled: Bool
    /// Shares the fill's strategy holds in the fill's symbol after the fill (negative is short).
    public var positionAfter: Quantity
    /// Cash moved by the strategy's fills in the symbol, this one included.
    public var cashAfter: Money
    /// Profit or loss realized by the strategy's fills in the symbol, this one included.
    public var realizedAfter: Money
    /// The checksum of the previous line (`LedgerChecksum.origin` for the first).
    public var previousChecksum: LedgerChecksum
    /// This line's checksum.
    public var checksum: LedgerChecksum

    /// An entry with every field given.
    public init(
        sequence: UInt64, fill: Fill, reconciled: Bool, positionAfter: Quantity, cashAfter: Money,
        realizedAfter: Money, previousChecksum: LedgerChecksum, checksum: LedgerChecksum
    ) {
        self.sequence = sequence
        self.fill = fill
        self.reconciled = reconciled
        self.positionAfter = positionAfter
        self.cashAfter = cashAfter
        self.realizedAfter = realizedAfter
        self.previousChecksum = previousChecksum
        self.checksum = checksum
    }
}
