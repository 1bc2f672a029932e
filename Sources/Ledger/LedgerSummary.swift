import StrategyKit

/// What a verified ledger adds up to, as plain values for reports and `--json` output: entries,
/// sequence range, fills and volume per symbol, final holdings and realized P&L, and the first
/// bad line if any. Money in integer units of $0.0001
/// (`Money.units`), quantities in shares.
public struct LedgerSummary: Hashable, Sendable, Codable {
    /// One symbol's totals over all strategies.
    public struct SymbolLine: Hashable, Sendable, Codable {
        /// The symbol.
        public var symbol: String
        /// How many fills.
        public var fills: Int
        /// Shares traded, buys and sells alike.
        public var volume: Int64
        /// Shares held at the end (negative is short).
        public var position: Int64
        /// Average cost of the open position in units of $0.0001; nil when flat.
        public var averageCost: Int64?
        /// Profit or loss realized, in units of $0.0001.
        public var realizedPnL: Int64
        /// Cash moved by the fills, in units of $0.0001.
        public var cash: Int64
    }

    /// One strategy's holding in one symbol.
    public struct HoldingLine: Hashable, Sendable, Codable {
        /// The strategy id.
        public var strategy: String
        /// The symbol.
        public var symbol: String
        /// Shares held at the end (negative is short).
        public var position: Int64
        /// Average cost of the open position in units of $0.0001; nil when flat.
        public var averageCost: Int64?
        /// Profit or loss realized, in units of $0.0001.
        public var realizedPnL: Int64
        /// Cash moved by the fills, in units of $0.0001.
        public var cash: Int64
    }

    /// The first bad line.
    public struct Fault: Hashable, Sendable, Codable {
        /// The line's number, from 1.
        public var line: Int
        /// The byte where the line starts.
        public var offset: Int64
        /// A stable code such as `bad_checksum` (see `LineFault.code`).
        public var code: String
        /// What is wrong, in words.
        public var message: String
        /// True when it is a torn last line, which opening the ledger cuts off.
        public var tornTail: Bool
    }

    /// The file verified.
    public var path: String
    /// Whether every line checks out.
    public var clean: Bool
    /// How many good lines.
    public var entries: Int
    /// The first sequence number; nil for an empty ledger.
    public var firstSequence: UInt64?
    /// The last good sequence number; nil for an empty ledger.
    public var lastSequence: UInt64?
    /// The ledger's venue; nil for an empty ledger.
    public var venue: String?
    /// The ledger's account; nil for an empty ledger.
    public var account: String?
    /// Bytes checked.
    public var bytes: Int64
    /// Profit or loss realized by every strategy together, in units of $0.0001.
    public var realizedPnL: Int64
    /// Per symbol, sorted by symbol.
    public var symbols: [SymbolLine]
    /// Per strategy and symbol, sorted by strategy then symbol.
    public var holdings: [HoldingLine]
    /// The first bad line; nil when clean.
    public var firstFault: Fault?
}

extension LedgerVerification {
    /// The verification as plain values, sorted for stable output.
    public var summary: LedgerSummary {
        let symbols = state.symbols.sorted { $0.key < $1.key }.map { symbol, totals in
            LedgerSummary.SymbolLine(
                symbol: symbol.rawValue, fills: totals.fills, volume: totals.volume.shares,
                position: totals.position.quantity.shares, averageCost: totals.position.averageCost?.units,
                realizedPnL: totals.position.realizedPnL.units, cash: totals.cash.units)
        }
        let holdings = state.holdings.sorted { $0.key < $1.key }.map { key, holding in
            LedgerSummary.HoldingLine(
                strategy: key.strategy.rawValue, symbol: key.symbol.rawValue, position: holding.position.quantity.shares,
                averageCost: holding.position.averageCost?.units, realizedPnL: holding.position.realizedPnL.units,
                cash: holding.cash.units)
        }
        let fault = firstFault.map {
            LedgerSummary.Fault(
                line: $0.line, offset: $0.offset, code: $0.fault.code, message: $0.fault.description,
                tornTail: faultIsTornTail)
        }
        let empty = state.entryCount == 0
        return LedgerSummary(
            path: path, clean: isClean, entries: state.entryCount, firstSequence: firstSequence,
            lastSequence: empty ? nil : state.lastSequence, venue: state.venue?.rawValue,
            account: state.account?.rawValue, bytes: bytesChecked, realizedPnL: state.realizedPnL.units,
            symbols: symbols, holdings: holdings, firstFault: fault)
    }
}
