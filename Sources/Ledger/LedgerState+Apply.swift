import StrategyKit

/// A line's effect on a `LedgerState`, computed before the line is accepted.
struct LedgerUpdate {
    var key: StrategySymbol
    var holdingIndex: [StrategySymbol: LedgerHolding].Index?
    var symbolIndex: [Symbol: SymbolTotals].Index?
    var holding: LedgerHolding
    var symbol: SymbolTotals
}

extension LedgerState {
    /// What a fill of `qty` shares at `price` by `strategy` in `symbol` does to the holdings,
    /// or nil when its numbers would overflow.
    func update(strategy: StrategyID, symbol: Symbol, side: Side, price: Price, qty: Quantity) -> LedgerUpdate? {
        let key = StrategySymbol(strategy: strategy, symbol: symbol)
        let holdingIndex = holdings.index(forKey: key)
        let symbolIndex = symbols.index(forKey: symbol)
        var holding = holdingIndex.map { holdings.values[$0] } ?? LedgerHolding()
        var totals = symbolIndex.map { symbols.values[$0] } ?? SymbolTotals()
        // The format holds no negative price; the position arithmetic alone would take one.
        guard price.units >= 0,
              let change = holding.position.checkedApplying(side: side, price: price, qty: qty),
              let symbolChange = totals.position.checkedApplying(side: side, price: price, qty: qty),
              case let (cash, false) = holding.cash.units.addingReportingOverflow(change.cashFlow.units),
              case let (symbolCash, false) = totals.cash.units.addingReportingOverflow(change.cashFlow.units),
              case let (volume, false) = totals.volume.shares.addingReportingOverflow(qty.shares)
        else { return nil }
        holding.position = change.position
        holding.cash = Money(units: cash)
        totals.position = symbolChange.position
        totals.cash = Money(units: symbolCash)
        totals.fills += 1
        totals.volume = Quantity(shares: volume)
        return LedgerUpdate(key: key, holdingIndex: holdingIndex, symbolIndex: symbolIndex, holding: holding, symbol: totals)
    }

    /// What `fill` does to the holdings, or nil when its numbers would overflow.
    func update(after fill: Fill) -> LedgerUpdate? {
        update(strategy: fill.strategyID, symbol: fill.symbol, side: fill.side, price: fill.price, qty: fill.qty)
    }

    /// Records line `sequence` with `checksum`, of venue and account `origin`, whose effect
    /// `update` computed and whose fill `recordFill` has recorded.
    mutating func commit(
        _ update: LedgerUpdate, sequence: UInt64, checksum: LedgerChecksum, origin: @autoclosure () -> (Venue, Account)
    ) {
        if venue == nil { (venue, account) = origin() }
        entryCount += 1
        lastSequence = sequence
        lastChecksum = checksum
        if let index = update.holdingIndex {
            holdings.values[index] = update.holding
        } else {
            holdings[update.key] = update.holding
        }
        if let index = update.symbolIndex {
            symbols.values[index] = update.symbol
        } else {
            symbols[update.key.symbol] = update.symbol
        }
    }

    /// Records that line `sequence` holds the fill (`order`, `index`); returns the earlier
    /// line's sequence number instead when the ledger already holds that fill.
    mutating func recordFill(order: Int64, index: Int, at sequence: UInt64) -> UInt64? {
        fills.insert(order: order, index: index, sequence: sequence)
    }


    /// Why `fill` could not be written as a valid line: a value outside the format's ranges.
    static func valueFault(of fill: Fill) -> LineFault? {
        let names: [(String, String)] = [
            ("venue", fill.venue.rawValue), ("account", fill.account.rawValue),
            ("symbol", fill.symbol.rawValue), ("strategy", fill.strategyID.rawValue),
        ]
        if let empty = names.first(where: { $0.1.isEmpty }) {
            return .badValue(field: empty.0, why: "expected a non-empty string")
        }
        if fill.index < 0 { return .badValue(field: "index", why: "expected a non-negative integer") }
        if fill.price.units < 0 { return .badValue(field: "price", why: "expected a non-negative integer") }
        if fill.qty.shares < 1 { return .badValue(field: "qty", why: "expected a positive integer") }
        return nil
    }
}
