@_spi(Host) import StrategyKit

extension RiskChecker {
    /// Measures each strategy's and the account's loss since the start of the UTC day and halts
    /// whatever lost more than its `maxLoss`.
    ///
    /// `pnl` is each strategy's realized plus unrealized P&L as the portfolio reports it. The
    /// first evaluation of a UTC day records the P&L it is given as the day's start; losses are
    /// measured from there. A strategy absent from that first evaluation (the portfolio lists a
    /// strategy from its first fill) started the day at zero. A halt is returned
    /// once, with `cancelOpenOrders` set, and lasts (across days and restarts) until `resume`.
    public mutating func evaluateLoss(pnl: [StrategyID: Money], now: Timestamp) -> [TradingStateChange] {
        evaluateLoss(pnlSortedByStrategy: pnl.sorted { $0.key < $1.key }, now: now)
    }

    /// `evaluateLoss(pnl:now:)` with each strategy's P&L in a list sorted by strategy id (each
    /// strategy once), as a caller that keeps one can pass it without building a dictionary.
    /// While the trading states and limits stay as the last evaluation left them, an evaluation
    /// on the same day of the same strategies that halts nothing hashes no names.
    public mutating func evaluateLoss(pnlSortedByStrategy pnl: [(key: StrategyID, value: Money)], now: Timestamp)
        -> [TradingStateChange]
    {
        let day = now.utcDay
        if let lossBaselines, lossBaselines.wouldChangeNothing(pnl, on: day) { return [] }
        if state.day != day {
            state.day = day
            state.dayStartPnL = Dictionary(uniqueKeysWithValues: pnl.map { ($0.key, $0.value) })
        }
        var changes: [TradingStateChange] = []
        var totalLoss: Int64 = 0
        for (strategy, current) in pnl {
            // A strategy first seen after the day's first evaluation had no fills then: it
            // started the day at zero (its first fills may be a loss made while we were down).
            let start = state.dayStartPnL[strategy] ?? .zero
            state.dayStartPnL[strategy] = start
            let loss = (start - current).units
            totalLoss += loss
            if let maxLoss = limits[strategy]?.maxLoss.units, loss > maxLoss,
                let change = haltForLoss(.strategy(strategy), limit: maxLoss, loss: loss, now: now)
            {
                changes.append(change)
            }
        }
        if totalLoss > accountLimits.maxLoss.units,
            let change = haltForLoss(.account, limit: accountLimits.maxLoss.units, loss: totalLoss, now: now)
        {
            changes.append(change)
        }
        lossBaselines = baselines(of: pnl, on: day)
        return changes
    }

    /// What an evaluation of `pnl` on `day` leaves settled, for the next one to compare with.
    private func baselines(of pnl: [(key: StrategyID, value: Money)], on day: Int64) -> LossBaselines {
        LossBaselines(
            day: day,
            strategies: pnl.map { strategy, current in
                let halted = state.status(of: .strategy(strategy)).state == .halted
                return (strategy, state.dayStartPnL[strategy] ?? current, halted ? nil : limits[strategy]?.maxLoss.units)
            },
            accountMaxLoss: state.account.state == .halted ? nil : accountLimits.maxLoss.units)
    }

    private mutating func haltForLoss(_ scope: TradingScope, limit: Int64, loss: Int64, now: Timestamp)
        -> TradingStateChange?
    {
        let from = state.status(of: scope).state
        guard from != .halted else { return nil }
        state.set(TradingStatus(state: .halted, code: .maxLoss, since: now), for: scope)
        return TradingStateChange(
            scope: scope, from: from, to: .halted, code: .maxLoss, limit: limit, actual: loss, cancelOpenOrders: true,
            time: now)
    }

    /// An operator's explicit change of `scope` to `target` (a command, or a configuration that
    /// sets a state). The only way out of halted is `target == .active` through here. Returns
    /// nil when `scope` is already in `target`; moving to halted asks for its open orders to be
    /// cancelled.
    public mutating func setState(_ target: TradingState, for scope: TradingScope, now: Timestamp)
        -> TradingStateChange?
    {
        let from = state.status(of: scope).state
        guard from != target else { return nil }
        state.set(TradingStatus(state: target, code: .manual, since: now), for: scope)
        return TradingStateChange(
            scope: scope, from: from, to: target, code: .manual, limit: nil, actual: nil,
            cancelOpenOrders: target == .halted, time: now)
    }

    /// Halts `scope` for `code`, a reason found by the engine rather than a loss (an order id
    /// clash): its open orders are to be cancelled, and it stays halted, across restarts, until
    /// `resume`. Nil when it is already halted.
    public mutating func halt(_ scope: TradingScope, code: RiskCode, now: Timestamp) -> TradingStateChange? {
        let from = state.status(of: scope).state
        guard from != .halted else { return nil }
        state.set(TradingStatus(state: .halted, code: code, since: now), for: scope)
        return TradingStateChange(
            scope: scope, from: from, to: .halted, code: code, limit: nil, actual: nil, cancelOpenOrders: true, time: now)
    }

    /// Puts `scope` back to active: `setState(.active, for: scope, now: now)`. If the day's loss
    /// is still beyond the limit, the next `evaluateLoss` halts it again; raise `maxLoss` first
    /// (a configuration change) to keep trading on the same day.
    public mutating func resume(_ scope: TradingScope, now: Timestamp) -> TradingStateChange? {
        setState(.active, for: scope, now: now)
    }
}
