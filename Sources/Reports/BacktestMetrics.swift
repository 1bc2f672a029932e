import Risk
import StrategyKit
import Trading

/// The figures of a backtest, fed with fills and marks in time order. Pure and deterministic.
///
/// Positions and P&L are those of a `Portfolio` of the run's own (Trading's one P&L book: average
/// cost, realized P&L on closing shares, open positions marked to the latest mid, or the last fill
/// price before any mid). Equity is its realized plus unrealized P&L minus fees. The marks are the
/// mids of the books as recorded (`mark(_:)`), without our resting orders: the report values
/// positions at the market's mid, where the engine's portfolio marks to the mid of the book as
/// shown to strategies, our orders beside it. The maximum drawdown follows equity after every
/// fill and mark. For the Sharpe, Sortino and Calmar ratios, equity is sampled every
/// `sampleIntervalNanoseconds` of simulated time from the first event (60 s by default); the
/// returns are the changes between consecutive samples, annualised by `sqrt(periodsPerYear)`
/// (by default, the intervals in 252 trading days of 6.5 hours). The charts and `equity.csv`
/// use `samples`, taken every `chartIntervalNanoseconds` (1 s by default). Money is integer
/// units of $0.0001 (`Money.units`); only the ratios are floating point.
public struct BacktestMetrics: Sendable {
    /// The return interval in nanoseconds of simulated time.
    public let sampleIntervalNanoseconds: Int64
    /// How many return intervals make a year, for annualising.
    public let periodsPerYear: Double
    /// The interval of `samples`, in nanoseconds of simulated time.
    public let chartIntervalNanoseconds: Int64
    /// The account every chart interval from the first event, and at `finish`.
    public private(set) var samples: [EquitySample] = []
    /// Every fill recorded, in order.
    public private(set) var fills: [BookedFill] = []
    /// The time of the first and the last event (nil before any).
    public private(set) var start: Timestamp?
    public private(set) var end: Timestamp?

    /// The run's positions, marks and P&L.
    private var portfolio = Portfolio()
    private var account = EquityTally()
    /// Each strategy's tally, in the order of their first fills: a handful, so a list.
    private var strategies: [(id: StrategyID, tally: EquityTally)] = []
    /// The latest mark: a book that leaves it as it was (most books) changes no equity.
    private var lastMark: (symbol: Symbol, price: Price)?
    private var nextBoundary: Timestamp?
    private var nextChartSample: Timestamp?
    /// The positions and marks of the latest sample while no fill or mark has changed them: a
    /// chart sample is taken every second of simulated time, mostly of the same holdings.
    private var sampledHoldings: (positions: [Symbol: Quantity], marks: [Symbol: Price])?

    /// Metrics with returns every `sampleIntervalNanoseconds` (default one minute),
    /// `periodsPerYear` (default: 252 days of 6.5 hours divided by the interval) and chart
    /// samples every `chartIntervalNanoseconds` (default one second).
    public init(
        sampleIntervalNanoseconds: Int64 = 60_000_000_000, periodsPerYear: Double? = nil,
        chartIntervalNanoseconds: Int64 = 1_000_000_000
    ) {
        precondition(sampleIntervalNanoseconds > 0 && chartIntervalNanoseconds > 0, "intervals are positive")
        self.sampleIntervalNanoseconds = sampleIntervalNanoseconds
        self.chartIntervalNanoseconds = chartIntervalNanoseconds
        self.periodsPerYear = periodsPerYear ?? 252 * 6.5 * 3600 * 1e9 / Double(sampleIntervalNanoseconds)
    }

    /// Books a fill and its fee (negative for a rebate) to its strategy and the account.
    public mutating func record(_ fill: Fill, fee: Money) {
        advance(to: fill.time)
        fills.append(BookedFill(fill: fill, fee: fee))
        sampledHoldings = nil
        let before = (
            strategy: portfolio.position(of: fill.strategyID, in: fill.symbol).realizedPnL,
            account: portfolio.accountPosition(in: fill.symbol).realizedPnL)
        portfolio.apply(fill)
        let position = portfolio.position(of: fill.strategyID, in: fill.symbol)
        let accountPosition = portfolio.accountPosition(in: fill.symbol)
        account.count(fill, fee: fee, realized: accountPosition.realizedPnL - before.account, position: accountPosition.quantity)
        let index = strategyIndex(fill.strategyID)
        strategies[index].tally.count(fill, fee: fee, realized: position.realizedPnL - before.strategy, position: position.quantity)
        account.observe(accountEquity)
        observe(index)
    }

    /// Marks `symbol` at `price` (normally the mid) from `time` on.
    public mutating func mark(_ symbol: Symbol, at price: Price, time: Timestamp) {
        advance(to: time)
        if let lastMark, lastMark.price == price, lastMark.symbol == symbol { return }
        lastMark = (symbol, price)
        portfolio.mark(symbol, at: price)
        sampledHoldings = nil
        // The account books every fill and never drops a position, so a symbol some strategy
        // holds is in the account's positions.
        guard portfolio.accountPositions.value(comparingFewKeys: symbol) != nil else { return }
        account.observe(accountEquity)
        for index in strategies.indices where portfolio.positions.value(comparingFewKeys: strategies[index].id)?.value(comparingFewKeys: symbol) != nil { observe(index) }
    }

    /// The account's equity now: its P&L minus its fees.
    private var accountEquity: Money { portfolio.accountPnL.total - account.fees }

    /// Strategy `index`'s equity now: its P&L minus its fees.
    private func equity(ofStrategy index: Int) -> Money {
        portfolio.pnl(of: strategies[index].id).total - strategies[index].tally.fees
    }

    /// Moves the peak and drawdown of strategy `index` to its equity now.
    private mutating func observe(_ index: Int) {
        strategies[index].tally.observe(equity(ofStrategy: index))
    }

    /// Marks the book's symbol at its mid, at its receive time; a one-sided book only moves time.
    public mutating func mark(_ book: BookSnapshot) {
        if let mid = book.mid { mark(book.symbol, at: mid, time: book.receivedTime) } else { advance(to: book.receivedTime) }
    }

    /// Ends the run at `time`: samples the boundaries up to it and adds a last chart sample.
    public mutating func finish(at time: Timestamp) {
        advance(to: time)
        if samples.last?.time != time { samples.append(sample(at: time)) }
    }

    /// The account's figures.
    public func summary() -> MetricsSummary { summary(of: account, pnl: portfolio.accountPnL) }

    /// Each strategy's figures.
    public func strategySummaries() -> [StrategyID: MetricsSummary] {
        Dictionary(uniqueKeysWithValues: strategies.map { ($0.id, summary(of: $0.tally, pnl: portfolio.pnl(of: $0.id))) })
    }

    private func summary(of tally: EquityTally, pnl: ProfitAndLoss) -> MetricsSummary {
        let returns = zip(tally.sampledEquity.dropFirst(), tally.sampledEquity).map { ($0 - $1).units }
        return MetricsSummary(
            totalPnL: pnl.total - tally.fees, realizedPnL: pnl.realized, unrealizedPnL: pnl.unrealized,
            fees: tally.fees, fills: tally.fills, volume: tally.volume, notional: tally.notional,
            maxPosition: tally.maxPosition, maxDrawdown: tally.maxDrawdown,
            sharpe: ReturnStatistics.sharpe(returns, periodsPerYear: periodsPerYear),
            sortino: ReturnStatistics.sortino(returns, periodsPerYear: periodsPerYear),
            profitFactor: ReturnStatistics.profitFactor(grossProfit: tally.grossProfit, grossLoss: tally.grossLoss),
            calmar: ReturnStatistics.calmar(returns, maxDrawdown: tally.maxDrawdown.units, periodsPerYear: periodsPerYear))
    }

    /// The account's equity path as the return ratios see it: what a walk-forward lays end to
    /// end with other runs' (`EquityPath.stitched`).
    public func accountPath() -> EquityPath {
        EquityPath(
            sampledEquity: account.sampledEquity, final: accountEquity, peak: account.peak, trough: account.trough,
            maxDrawdown: account.maxDrawdown, periodsPerYear: periodsPerYear)
    }

    /// Where `id`'s tally is in `strategies`, added (flat so far) when it has none.
    private mutating func strategyIndex(_ id: StrategyID) -> Int {
        if let index = strategies.firstIndex(where: { $0.id == id }) { return index }
        strategies.append((id, newStrategyTally()))
        return strategies.count - 1
    }

    /// A tally for a strategy first seen now, with flat equity at every boundary so far.
    private func newStrategyTally() -> EquityTally {
        var tally = EquityTally()
        tally.sampledEquity = Array(repeating: .zero, count: account.sampledEquity.count)
        return tally
    }

    /// Takes the samples of every boundary up to `time`, with the state before `time`'s event.
    private mutating func advance(to time: Timestamp) {
        guard var boundary = nextBoundary, var chart = nextChartSample else {
            start = time
            end = time
            nextBoundary = time.advanced(byNanoseconds: sampleIntervalNanoseconds)
            nextChartSample = time.advanced(byNanoseconds: chartIntervalNanoseconds)
            samples.append(sample(at: time))
            takeReturnSample()
            return
        }
        precondition(time >= end!, "metrics are fed in time order")
        end = time
        while chart <= time {
            samples.append(sample(at: chart))
            chart = chart.advanced(byNanoseconds: chartIntervalNanoseconds)
        }
        while boundary <= time {
            takeReturnSample()
            boundary = boundary.advanced(byNanoseconds: sampleIntervalNanoseconds)
        }
        nextBoundary = boundary
        nextChartSample = chart
    }

    /// Appends the equity of the account and of every strategy to their return series.
    private mutating func takeReturnSample() {
        account.sampledEquity.append(accountEquity)
        for index in strategies.indices {
            strategies[index].tally.sampledEquity.append(equity(ofStrategy: index))
        }
    }

    private mutating func sample(at time: Timestamp) -> EquitySample {
        let pnl = portfolio.accountPnL
        let holdings = sampledHoldings ?? (portfolio.accountPositions.mapValues(\.quantity), portfolio.mids)
        sampledHoldings = holdings
        return EquitySample(
            time: time, equity: pnl.total - account.fees, realized: pnl.realized, unrealized: pnl.unrealized,
            fees: account.fees, positions: holdings.positions, marks: holdings.marks)
    }
}
