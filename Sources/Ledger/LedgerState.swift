import StrategyKit

/// A strategy's holding in one symbol as the ledger records it.
public struct LedgerHolding: Hashable, Sendable {
    /// The position: shares, cost basis (so average cost) and realized profit or loss.
    public var position: Position
    /// Cash moved by the fills: negative after buying, positive after selling.
    public var cash: Money

    /// A holding of `position` and `cash`.
    public init(position: Position = .flat, cash: Money = .zero) {
        self.position = position
        self.cash = cash
    }
}

/// One symbol's totals over every strategy of the ledger's account.
public struct SymbolTotals: Hashable, Sendable {
    /// The account's position in the symbol.
    public var position = Position.flat
    /// Cash moved by the account's fills in the symbol.
    public var cash = Money.zero
    /// How many fills.
    public var fills = 0
    /// Shares traded, buys and sells alike.
    public var volume = Quantity.zero
}

/// A strategy and a symbol: the key of per-strategy holdings.
public struct StrategySymbol: Hashable, Sendable, Comparable {
    /// The strategy.
    public var strategy: StrategyID
    /// The symbol.
    public var symbol: Symbol

    /// The pair (`strategy`, `symbol`).
    public init(strategy: StrategyID, symbol: Symbol) {
        self.strategy = strategy
        self.symbol = symbol
    }

    /// Orders by strategy, then symbol.
    public static func < (lhs: StrategySymbol, rhs: StrategySymbol) -> Bool {
        (lhs.strategy, lhs.symbol) < (rhs.strategy, rhs.symbol)
    }
}

/// Everything the ledger's lines add up to: where the chain ends, the holdings per strategy and
/// symbol, the totals per symbol, and which fills are recorded.
public struct LedgerState: Sendable {
    /// The venue of every line; nil while the ledger is empty.
    public internal(set) var venue: Venue?
    /// The account of every line; nil while the ledger is empty.
    public internal(set) var account: Account?
    /// How many lines.
    public internal(set) var entryCount = 0
    /// The last line's sequence number; 0 while the ledger is empty.
    public internal(set) var lastSequence: UInt64 = 0
    /// The last line's checksum; `LedgerChecksum.origin` while the ledger is empty.
    public internal(set) var lastChecksum = LedgerChecksum.origin
    /// Holdings per strategy and symbol.
    public internal(set) var holdings: [StrategySymbol: LedgerHolding] = [:]
    /// Totals per symbol over all strategies.
    public internal(set) var symbols: [Symbol: SymbolTotals] = [:]
    /// The sequence number of each recorded fill, keyed by order id and fill index (the venue is
    /// the ledger's).
    var fillSequences: [FillKey: UInt64] = [:]

    /// An empty ledger's state.
    public init() {}

    /// The holding of `strategy` in `symbol`; flat when it never traded it.
    public func holding(of strategy: StrategyID, in symbol: Symbol) -> LedgerHolding {
        holdings[StrategySymbol(strategy: strategy, symbol: symbol)] ?? LedgerHolding()
    }

    /// The cash moved by all fills of `strategy`.
    public func cash(of strategy: StrategyID) -> Money {
        holdings.reduce(Money.zero) { $1.key.strategy == strategy ? $0 + $1.value.cash : $0 }
    }

    /// The profit or loss realized by all fills of `strategy`.
    public func realizedPnL(of strategy: StrategyID) -> Money {
        holdings.reduce(Money.zero) { $1.key.strategy == strategy ? $0 + $1.value.position.realizedPnL : $0 }
    }

    /// The profit or loss realized by every strategy together.
    public var realizedPnL: Money {
        holdings.values.reduce(Money.zero) { $0 + $1.position.realizedPnL }
    }

    /// The sequence number of the line recording `fill`; nil when the ledger does not hold it.
    public func sequence(of fill: FillID) -> UInt64? {
        guard fill.venue == venue else { return nil }
        return fillSequences[FillKey(order: fill.orderID.rawValue, index: fill.index)]
    }
}

/// A fill's identity within one venue.
struct FillKey: Hashable {
    var order: Int64
    var index: Int
}
