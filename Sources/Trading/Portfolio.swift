import Risk
import StrategyKit

/// Positions, cash and P&L of each strategy and of the whole account, built from fills.
///
/// Pure and synchronous. Positions follow `Position.applying` (average cost, realized P&L on
/// closing shares). Unrealized P&L is marked to the symbol's latest mid (`mark(_:)`); until a
/// book with both sides has been seen, to the symbol's last fill price.
///
/// The account's positions net the strategies' fills in the order they happened, so a long in
/// one strategy and a short in another are flat for the account. The account's total P&L always
/// equals the sum of the strategies'; only its split into realized and unrealized can differ.
public struct Portfolio: Sendable {
    /// Each strategy's positions by symbol; a symbol never traded by the strategy is absent.
    public private(set) var positions: [StrategyID: [Symbol: Position]] = [:]
    /// The account's positions by symbol, across strategies.
    public private(set) var accountPositions: [Symbol: Position] = [:]
    /// Each strategy's cash: the sum of its fills' cash flows (sells add, buys subtract).
    public private(set) var cash: [StrategyID: Money] = [:]
    /// The latest mid of each symbol that had a two-sided book.
    public private(set) var mids: [Symbol: Price] = [:]
    /// Each symbol's last fill price (our own last trade there): the mark until a two-sided
    /// book, and the risk checker's collar reference when a side of the book is empty.
    public private(set) var lastFillPrices: [Symbol: Price] = [:]
    /// Every strategy's total P&L (realized plus unrealized), sorted by strategy id: what
    /// `RiskChecker.evaluateLoss(pnlSortedByStrategy:now:)` takes. Kept up to date by `apply`
    /// and `mark`, so that reading it values nothing.
    public private(set) var totals: [(key: StrategyID, value: Money)] = []

    /// An empty portfolio: no positions, no cash.
    public init() {}

    /// Books `fill` to its strategy and to the account. Each fill must be applied once
    /// (the order tracker and the ledger see to that).
    public mutating func apply(_ fill: Fill) {
        positions[fill.strategyID, default: [:]][fill.symbol, default: .flat] =
            position(of: fill.strategyID, in: fill.symbol).applying(fill)
        accountPositions[fill.symbol] = accountPosition(in: fill.symbol).applying(fill)
        cash[fill.strategyID, default: .zero] += fill.cashFlow
        lastFillPrices[fill.symbol] = fill.price
        if !totals.contains(where: { $0.key == fill.strategyID }) {
            totals.append((fill.strategyID, .zero))
            totals.sort { $0.key < $1.key }
        }
        revalue()
    }

    /// Marks `book.symbol` to the book's mid; a book with an empty side leaves the mark as it was.
    public mutating func mark(_ book: BookSnapshot) {
        guard let mid = book.mid else { return }
        mark(book.symbol, at: mid)
    }

    /// Marks `symbol` to `mid` and revalues.
    public mutating func mark(_ symbol: Symbol, at mid: Price) {
        if let index = mids.index(comparingFewKeys: symbol) {
            mids.values[index] = mid
        } else {
            mids[symbol] = mid
        }
        revalue()
    }

    /// Brings `totals` in line with the positions and the mark prices.
    private mutating func revalue() {
        for (strategy, holdings) in positions {
            let total = valuation(of: holdings).total
            if let index = totals.firstIndex(where: { $0.key == strategy }) { totals[index].value = total }
        }
    }

    /// The price open positions in `symbol` are valued at: the latest mid, else the last fill
    /// price, else nil (nothing to value).
    public func markPrice(of symbol: Symbol) -> Price? {
        mids.value(comparingFewKeys: symbol) ?? lastFillPrices.value(comparingFewKeys: symbol)
    }

    /// The strategy's position in `symbol`, flat if never traded.
    public func position(of strategy: StrategyID, in symbol: Symbol) -> Position {
        positions[strategy]?[symbol] ?? .flat
    }

    /// The account's position in `symbol`, flat if never traded.
    public func accountPosition(in symbol: Symbol) -> Position {
        accountPositions[symbol] ?? .flat
    }

    /// The strategy's cash, zero if it never traded.
    public func cash(of strategy: StrategyID) -> Money {
        cash[strategy] ?? .zero
    }

    /// The account's cash: the sum of every strategy's.
    public var accountCash: Money {
        cash.values.reduce(.zero, +)
    }

    /// The strategy's realized and unrealized P&L over all its symbols.
    public func pnl(of strategy: StrategyID) -> ProfitAndLoss {
        valuation(of: positions.value(comparingFewKeys: strategy) ?? [:])
    }

    /// The account's realized and unrealized P&L over all symbols.
    public var accountPnL: ProfitAndLoss {
        valuation(of: accountPositions)
    }

    /// Every strategy's total P&L by id, valued afresh from the positions (what `totals` keeps).
    public var pnlByStrategy: [StrategyID: Money] {
        positions.mapValues { valuation(of: $0).total }
    }

    private func valuation(of holdings: [Symbol: Position]) -> ProfitAndLoss {
        var result = ProfitAndLoss()
        for (symbol, position) in holdings {
            result.realized += position.realizedPnL
            if position.quantity != .zero, let mark = markPrice(of: symbol) {
                result.unrealized += position.unrealizedPnL(markedAt: mark)
            }
        }
        return result
    }
}
