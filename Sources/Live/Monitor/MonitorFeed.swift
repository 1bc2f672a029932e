import Ledger
import Risk
import StrategyKit
import Trading

/// The engine loop's side of the monitor: collects what the loop sees (fills as the ledger
/// numbers them, state changes, how long each event took) and, at most every
/// `publishInterval` and at once after a fill or a state change, publishes a snapshot of the
/// engine to the board.
///
/// Not `Sendable`: only the engine loop (and the ledger journal it calls) touches it, so the
/// decision path takes no lock for it; the one lock is the board's, taken once per publication.
public final class MonitorFeed {
    /// How many of the last fills a snapshot carries.
    public static let recentFillLimit = 50
    /// How many points the equity chart keeps; past it every other one goes.
    public static let equityLimit = 2_000
    /// The least time between two publications without a fill or a state change.
    public static let publishInterval: Duration = .milliseconds(100)

    public let board: MonitorBoard
    let venue: Venue
    let account: Account
    private var startedAt: Timestamp?
    private var ledgerSequence: UInt64
    private var recentFills: [MonitorSnapshot.FillRow] = []
    private var fillTallies: [StrategySymbol: MonitorSnapshot.FillTally] = [:]
    private var equity: [MonitorSnapshot.EquityPoint] = []
    /// The least time between two equity points, doubled each time the chart is thinned.
    private var equitySpacing: Int64 = 1_000_000_000
    private var recentDenials: [MonitorSnapshot.DenialRow] = []
    private var decisionLatency = MonitorHistogram(bounds: MonitorHistogram.engineBounds)
    private var ledgerSync = MonitorHistogram(bounds: MonitorHistogram.engineBounds)
    private var pending: [MonitorEvent.Kind] = []
    private var urgent = false
    private var lastPublished: ContinuousClock.Instant?
    private var publishedOrders: [ClientOrderID: MonitorSnapshot.OrderRow] = [:]
    private var publishedDenials: [RiskCode: Int] = [:]

    /// A feed for trading `account` on `venue`, publishing to `board`; `ledgerSequence` is the
    /// ledger's last sequence number at start.
    public init(board: MonitorBoard, venue: Venue, account: Account, ledgerSequence: UInt64) {
        self.board = board
        self.venue = venue
        self.account = account
        self.ledgerSequence = ledgerSequence
    }

    /// Notes a fill the ledger has just taken (a `LedgerFillJournal` observer).
    public func appended(_ entry: LedgerEntry) {
        let row = MonitorSnapshot.FillRow(sequence: entry.sequence, fill: entry.fill)
        ledgerSequence = max(ledgerSequence, entry.sequence)
        recentFills.append(row)
        if recentFills.count > Self.recentFillLimit { recentFills.removeFirst() }
        let key = StrategySymbol(strategy: entry.fill.strategyID, symbol: entry.fill.symbol)
        fillTallies[key, default: .init()].fills += 1
        fillTallies[key, default: .init()].volume = fillTallies[key, default: .init()].volume + entry.fill.qty
        pending.append(.fill(row))
        urgent = true
    }

    /// Notes a wait for the ledger's durability that took `duration`.
    public func synced(in duration: Duration) {
        ledgerSync.observe(duration)
    }

    /// Notes how long the engine took over one event.
    func decided(in duration: Duration) {
        decisionLatency.observe(duration)
    }

    /// Notes a change of trading state.
    func stateChanged(_ change: TradingStateChange) {
        pending.append(.stateChanged(change))
        urgent = true
    }

    /// Publishes a snapshot of `engine` taken at `now()` if a fill or state change waits or
    /// `publishInterval` has passed since the last one (or always, with `force`).
    func publishIfDue(_ engine: TradingEngine, now: () -> Timestamp, force: Bool = false) {
        let clock = ContinuousClock.now
        if !force, !urgent, let last = lastPublished, clock < last + Self.publishInterval { return }
        lastPublished = clock
        urgent = false
        let time = now()
        if startedAt == nil { startedAt = time }
        noteOrders(engine)
        noteDenials(engine.statistics, at: time)
        noteEquity(engine.portfolio.accountPnL.total, at: time)
        board.publish(snapshot(of: engine, at: time), events: pending)
        pending.removeAll(keepingCapacity: true)
    }

    private func noteOrders(_ engine: TradingEngine) {
        var open: [ClientOrderID: MonitorSnapshot.OrderRow] = [:]
        for order in engine.orders.openOrders {
            let row = MonitorSnapshot.OrderRow(
                client: order.clientID, strategy: order.strategyID, request: order.request, exchangeID: order.exchangeID,
                filled: order.filled, submittedAt: order.submittedAt)
            open[order.clientID] = row
            if publishedOrders[order.clientID] == nil { pending.append(.orderOpened(row)) }
        }
        // Only the orders that closed are sorted (for a stable event order), not every open one.
        let closed = publishedOrders.filter { open[$0.key] == nil }
        for (_, row) in closed.sorted(by: { $0.key.description < $1.key.description }) {
            pending.append(.orderClosed(row))
        }
        publishedOrders = open
    }

    private func noteDenials(_ statistics: EngineStatistics, at time: Timestamp) {
        let minute = Timestamp(nanoseconds: time.nanoseconds - time.nanoseconds % 60_000_000_000)
        for (code, count) in statistics.deniedByCode.sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
            let new = count - publishedDenials[code, default: 0]
            guard new > 0 else { continue }
            pending.append(.denied(code: code, count: new))
            if let index = recentDenials.lastIndex(where: { $0.minute == minute && $0.code == code }) {
                recentDenials[index].count += new
            } else {
                recentDenials.append(.init(minute: minute, code: code, count: new))
            }
        }
        publishedDenials = statistics.deniedByCode
        recentDenials.removeAll { time.nanoseconds - $0.minute.nanoseconds > 3_600_000_000_000 }
    }

    private func noteEquity(_ pnl: Money, at time: Timestamp) {
        if let last = equity.last, time.nanoseconds - last.time.nanoseconds < equitySpacing { return }
        equity.append(.init(time: time, pnl: pnl))
        if equity.count > Self.equityLimit {
            equity = equity.enumerated().compactMap { $0.offset % 2 == 0 ? $0.element : nil }
            equitySpacing *= 2
        }
    }

    private func snapshot(of engine: TradingEngine, at time: Timestamp) -> MonitorSnapshot {
        let portfolio = engine.portfolio
        let riskState = engine.risk.state
        var positions: [MonitorSnapshot.PositionRow] = []
        for (strategy, symbols) in portfolio.positions {
            for (symbol, position) in symbols where position != .flat {
                positions.append(.init(strategy: strategy, symbol: symbol, position: position, mark: portfolio.markPrice(of: symbol)))
            }
        }
        positions.sort { ($0.strategy.rawValue, $0.symbol.rawValue) < ($1.strategy.rawValue, $1.symbol.rawValue) }
        let books = engine.books
        return MonitorSnapshot(
            time: time, startedAt: startedAt ?? time, venue: venue, account: account, stopped: engine.isStopped,
            accountStatus: riskState.account, accountPnL: portfolio.accountPnL, statistics: engine.statistics,
            strategies: engine.strategyIDs.map { .init(id: $0, status: riskState.status(of: .strategy($0)), pnl: portfolio.pnl(of: $0)) },
            positions: positions, openOrders: publishedOrders.values.sorted { $0.submittedAt < $1.submittedAt },
            recentFills: recentFills, fillTallies: fillTallies, equity: equity, recentDenials: recentDenials,
            lastBooks: Dictionary(uniqueKeysWithValues: engine.symbols.map { symbol in (symbol, books[symbol].map(\.receivedTime).flatMap { $0 == .zero ? nil : $0 }) }),
            ledgerSequence: ledgerSequence, decisionLatency: decisionLatency, ledgerSync: ledgerSync)
    }
}
