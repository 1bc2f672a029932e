import StrategyKit

extension LedgerState {
    /// The holding and symbol totals after `fill`, or nil when its numbers would overflow.
    func totals(after fill: Fill) -> (holding: LedgerHolding, symbol: SymbolTotals)? {
        let key = StrategySymbol(strategy: fill.strategyID, symbol: fill.symbol)
        let holding = holdings[key] ?? LedgerHolding()
        var symbol = symbols[fill.symbol] ?? SymbolTotals()
        guard let position = holding.position.checkedApplying(side: fill.side, price: fill.price, qty: fill.qty),
              let symbolPosition = symbol.position.checkedApplying(side: fill.side, price: fill.price, qty: fill.qty)
        else { return nil }
        // checkedApplying has shown price * qty fits.
        let flow = fill.cashFlow.cents
        guard case let (cash, false) = holding.cash.cents.addingReportingOverflow(flow),
              case let (symbolCash, false) = symbol.cash.cents.addingReportingOverflow(flow),
              case let (volume, false) = symbol.volume.shares.addingReportingOverflow(fill.qty.shares)
        else { return nil }
        symbol.position = symbolPosition
        symbol.cash = Money(cents: symbolCash)
        symbol.fills += 1
        symbol.volume = Quantity(shares: volume)
        return (LedgerHolding(position: position, cash: Money(cents: cash)), symbol)
    }

    /// Records `entry`, whose totals `totals(after:)` computed.
    mutating func commit(_ entry: LedgerEntry, holding: LedgerHolding, symbol: SymbolTotals) {
        if venue == nil {
            venue = entry.fill.venue
            account = entry.fill.account
        }
        entryCount += 1
        lastSequence = entry.sequence
        lastChecksum = entry.checksum
        holdings[StrategySymbol(strategy: entry.fill.strategyID, symbol: entry.fill.symbol)] = holding
        symbols[entry.fill.symbol] = symbol
        fillSequences[FillKey(order: entry.fill.orderID.rawValue, index: entry.fill.index)] = entry.sequence
    }

    /// Why `fill` cannot be the next line regardless of its encoding: another venue or account
    /// than the ledger's, or a fill already recorded.
    func admissionFault(of fill: Fill) -> LineFault? {
        if let venue, let account, venue != fill.venue || account != fill.account {
            return .foreignLine(venue: fill.venue, account: fill.account)
        }
        if let earlier = sequence(of: fill.id) { return .duplicateFill(earlierSequence: earlier) }
        return nil
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
        if fill.price.cents < 0 { return .badValue(field: "price", why: "expected a non-negative integer") }
        if fill.qty.shares < 1 { return .badValue(field: "qty", why: "expected a positive integer") }
        return nil
    }
}
