import Ledger
import StrategyKit

/// A fill as the history holds it: every field of its ledger line, and the P&L it realized.
public struct HistoryFill: Hashable, Sendable, HistoryRecord {
    /// The ledger line's sequence number, the row's key.
    public var sequence: UInt64
    public var fill: Fill
    public var reconciled: Bool
    public var positionAfter: Quantity
    public var cashAfter: Money
    public var realizedAfter: Money
    /// The P&L this fill realized: `realizedAfter` less the pair's previous `realizedAfter`.
    public var realized: Money
    /// The ledger line's checksum, in hexadecimal.
    public var checksum: String

    public init(
        sequence: UInt64, fill: Fill, reconciled: Bool, positionAfter: Quantity, cashAfter: Money,
        realizedAfter: Money, realized: Money, checksum: String
    ) {
        self.sequence = sequence
        self.fill = fill
        self.reconciled = reconciled
        self.positionAfter = positionAfter
        self.cashAfter = cashAfter
        self.realizedAfter = realizedAfter
        self.realized = realized
        self.checksum = checksum
    }

    /// The row for `entry`, given the P&L the pair had realized before it.
    public init(_ entry: LedgerEntry, realizedBefore: Money) {
        self.init(
            sequence: entry.sequence, fill: entry.fill, reconciled: entry.reconciled, positionAfter: entry.positionAfter,
            cashAfter: entry.cashAfter, realizedAfter: entry.realizedAfter, realized: entry.realizedAfter - realizedBefore,
            checksum: entry.checksum.description)
    }

    public static let columns = [
        "seq", "time_ns", "venue", "account", "symbol", "order_id", "fill_index", "side", "price_units", "qty_shares",
        "strategy", "reconciled", "position_after_shares", "cash_after_units", "realized_after_units", "realized_units",
        "checksum",
    ]

    public var values: [SQLiteValue] {
        [
            .integer(Int64(sequence)), .integer(fill.time.nanoseconds), .text(fill.venue.rawValue), .text(fill.account.rawValue),
            .text(fill.symbol.rawValue), .integer(fill.orderID.rawValue), .integer(Int64(fill.index)), .text(fill.side.rawValue),
            .integer(fill.price.units), .integer(fill.qty.shares), .text(fill.strategyID.rawValue), .integer(reconciled ? 1 : 0),
            .integer(positionAfter.shares), .integer(cashAfter.units), .integer(realizedAfter.units), .integer(realized.units),
            .text(checksum),
        ]
    }
}
