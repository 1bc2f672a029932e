import Recording
import Reports
import StrategyKit
import Trading

/// Runs the live trading engine (the same strategies, risk checker and order tracker) over a
/// recording, with a `ReplayVenue` where the exchange would be and a simulated clock: the
/// books' receive times. Deterministic: the same recording, configuration and strategies give
/// the same fills, byte for byte.
///
/// Per book, in this order: requests that reach the venue before the book are answered (and
/// the engine hears the answers at their times); the book fills resting orders; the engine
/// handles the book seen with our resting orders in it as a live book shows them (put in it, or
/// beside it in a `BookView` when every strategy reads views); requests it
/// sends with no latency are answered at once. At the end, requests still on their way are
/// answered, the engine stops (cancelling its open orders) and the cancels are answered.
///
/// A recorded trade goes to the engine the same way, at its receive time (the engine hears it
/// with the venue's time, as live). A day file's session (its header's) is the market's: when
/// the day's first record comes, the engine is told the market as it then is (before `start`
/// on the first day, as live), and the venue takes orders within it alone; at the open and at
/// the close the engine is told again, each at its own instant (requests and timers due before
/// it first), and at the close the venue expires the day orders still open.
public final class Backtester {
    /// The engine under test.
    public let engine: TradingEngine
    /// The simulated exchange.
    public private(set) var venue: ReplayVenue
    /// The figures so far.
    public private(set) var metrics: BacktestMetrics
    /// Counts of what happened.
    public private(set) var statistics = BacktestStatistics()
    private let journal: BacktestJournal
    private let session: SessionRecorder?
    private var liquidity: [FillID: Liquidity] = [:]
    private var now: Timestamp?
    private var finished = false
    /// The current day's session and its changes still to come; nil without a session.
    private var schedule: SessionSchedule?

    /// A backtester on `venue`, whose engine `makeEngine` builds around the journal it is given
    /// (fills go to the metrics and then to `ledger`, when given). With `session`, every engine
    /// input, fill and action is recorded as a live session would be.
    public init(
        venue: ReplayVenueConfiguration, metrics: BacktestMetrics = BacktestMetrics(), ledger: (any FillJournal)? = nil,
        session: SessionRecorder? = nil, makeEngine: (any FillJournal) throws -> TradingEngine
    ) rethrows {
        journal = BacktestJournal(inner: ledger)
        self.session = session
        engine = try makeEngine(journal)
        self.venue = ReplayVenue(configuration: venue)
        self.metrics = metrics
    }

    /// Feeds every book and trade of `reader` and finishes; `progress` is called every
    /// `progressInterval` records. Other records (of a session recording) are skipped: the venue
    /// answers instead. A recording with neither a session nor a strategy that hears trades (or
    /// builds bars of them) is read a book at a time, its trades skipped by the reader.
    public func run(
        _ reader: any RecordingReader, progressInterval: Int = 100_000, progress: ((BacktestStatistics) -> Void)? = nil
    ) throws(BacktestError) -> BacktestMetrics {
        let sessions = (reader as? RecordingSequence)?.hasSessions ?? (reader.header.session != nil)
        if !sessions, engine.symbolsWantingTrades.isEmpty {
            while let book = try reader.nextBook() {
                try feed(book)
                if let progress, statistics.books % progressInterval == 0 { progress(statistics) }
            }
        } else {
            try replayMarket(reader, progressInterval: progressInterval, progress: progress)
        }
        try finish()
        return metrics
    }

    /// Feeds every book and trade of `reader`, each file of a sequence beginning its day (its
    /// header's session) at its first record.
    private func replayMarket(
        _ reader: any RecordingReader, progressInterval: Int, progress: ((BacktestStatistics) -> Void)?
    ) throws(BacktestError) {
        let sequence = reader as? RecordingSequence
        var day: Int?
        var records = 0
        while let record = try reader.nextMarketRecord() {
            let file = sequence?.fileIndex ?? 0
            if day != file {
                day = file
                try beginDay((sequence?.currentHeader ?? reader.header).session, at: record.time)
            }
            try fireSessionChanges(through: max(record.time, now ?? record.time))
            switch consume record {
            case .book(let book): try feed(book)
            case .trade(let trade): try feed(trade)
            }
            records += 1
            if let progress, records % progressInterval == 0 { progress(statistics) }
        }
    }

    /// Feeds one book at its `receivedTime`; a book received before the previous one (out of
    /// order in the recording) is taken as received at the simulated clock's time. The book is
    /// consumed: `run` hands the reader's book over, and the engine is given it with our orders
    /// beside it rather than merged in.
    public func feed(_ book: consuming BookSnapshot) throws(BacktestError) {
        if let now, book.receivedTime < now { book.receivedTime = now }
        try process(book)
    }

    /// Feeds a recorded trade at its `receivedTime` (the simulated clock's time when that is
    /// earlier); the engine hears it with the venue's time, as live.
    public func feed(_ trade: RecordedTrade) throws(BacktestError) {
        precondition(!finished, "feed after finish")
        let time = max(trade.receivedTime, now ?? trade.receivedTime)
        try startIfNeeded(at: time)
        try deliverArrivals(before: time, inclusive: false)
        try fireTimers(before: time)
        now = time
        statistics.trades += 1
        let event = EngineEvent.trade(trade.trade)
        try handle(time, { try self.engine.handle(event) }, recorded: { event })
        try deliverArrivals(before: time, inclusive: true)
    }

    /// Starts the engine at `time` unless it has started. Inlined: every book asks.
    @inline(__always)
    private func startIfNeeded(at time: Timestamp) throws(BacktestError) {
        guard now == nil else { return }
        now = time
        try start(at: time)
    }

    /// Starts the engine at `time`, the simulated clock's.
    private func start(at time: Timestamp) throws(BacktestError) {
        let actions = try engineCall { try engine.start(at: time) }
        try session?.started(at: time, actions: actions)
        perform(actions, at: time)
    }

    /// Feeds `book` at its `receivedTime`, which is not before the simulated clock's time.
    private func process(_ book: consuming BookSnapshot) throws(BacktestError) {
        precondition(!finished, "feed after finish")
        let time = book.receivedTime
        try startIfNeeded(at: time)
        try deliverArrivals(before: time, inclusive: false)
        try fireTimers(before: time)
        try deliver(venue.apply(book))
        now = time
        statistics.books += 1
        metrics.mark(book)
        let view = venue.view(of: consume book)
        try handle(time, { try self.engine.handle(book: view) }, recorded: { .book(view.shown) })
        try deliverArrivals(before: time, inclusive: true)
    }

    /// Has the engine fire its timers and close its bars due by `time`, each at its own
    /// simulated instant (or the clock's, for one set in the past), so that a backtest run twice
    /// fires them at the same times, as the live daemon does on the wall clock. A timer set again
    /// for the instant it fired at is left to the next book.
    private func fireTimers(before time: Timestamp) throws(BacktestError) {
        guard engine.mayWakeUp else { return }
        var previous: Timestamp?
        while let due = engine.nextWakeUp, due <= time, due != previous {
            previous = due
            let at = max(due, now ?? due)
            try deliverArrivals(before: at, inclusive: true)
            now = at
            try handle(.timer(at))
        }
    }

    /// Begins a day (a file of the recording) at `time`, its first record's: what is left of the
    /// previous day's session happens first (its close), then the engine is told the market as
    /// `session` has it then, before the engine starts on the first day, and the venue takes
    /// orders within `session` from then on. Without a session the market is always open (told
    /// so only after a day that had one).
    private func beginDay(_ session: RecordingSession?, at time: Timestamp) throws(BacktestError) {
        try fireSessionChanges(through: nil)
        let at = max(time, now ?? time)
        if now != nil {
            try deliverArrivals(before: at, inclusive: false)
            try fireTimers(before: at)
        }
        let market: MarketSession
        if let session {
            let day = SessionSchedule(session, from: at)
            market = day.market(at: at)
            schedule = day
        } else {
            guard schedule != nil else { return }
            market = .alwaysOpen
            schedule = nil
        }
        venue.session = session
        let starting = now == nil
        now = at
        try handle(.session(market, at: at))
        if starting { try start(at: at) }
    }

    /// Makes the day's session changes due by `time` (all when nil) happen, each at its own
    /// instant: requests arriving and timers due by then first, then the venue expires day
    /// orders at a close, then the engine is told of an open or a close.
    private func fireSessionChanges(through time: Timestamp?) throws(BacktestError) {
        while let due = schedule?.nextChange, time.map({ due <= $0 }) ?? true, let (_, change) = schedule?.takeNext() {
            let at = max(due, now ?? due)
            try deliverArrivals(before: at, inclusive: true)
            try fireTimers(before: at)
            now = at
            guard let day = schedule else { return }
            switch change {
            case .open:
                try handle(.session(day.market(at: at), at: at))
            case .close:
                try deliver(venue.expireDayOrders(at: at, extendedToo: day.closeEndsExtendedHours))
                try handle(.session(day.market(at: at), at: at))
            case .extendedClose:
                try deliver(venue.expireDayOrders(at: at, extendedToo: true))
            }
        }
    }

    /// Ends the run: answers the requests on their way, has what is left of the day's session
    /// happen (its close), stops the engine, answers its cancels.
    public func finish() throws(BacktestError) {
        guard !finished, let start = now else { return }
        try deliverArrivals(before: nil, inclusive: true)
        try fireSessionChanges(through: nil)
        let end = now ?? start
        let actions = engine.stop(at: end)
        try session?.stopped(at: end, actions: actions)
        perform(actions, at: end)
        try deliverArrivals(before: nil, inclusive: true)
        finished = true
        metrics.finish(at: now ?? end)
    }

    /// Answers every request arriving before `limit` (or at it, when `inclusive`; all when nil),
    /// including those the engine sends in reaction.
    private func deliverArrivals(before limit: Timestamp?, inclusive: Bool) throws(BacktestError) {
        while let (arrival, reports) = venue.advanceToNextArrival(before: limit, inclusive: inclusive) {
            now = max(now ?? arrival, arrival)
            try deliver(reports)
        }
    }

    private func deliver(_ reports: [ReplayVenueReport]) throws(BacktestError) {
        for report in reports {
            statistics.reports += 1
            switch report {
            case .placed(let client, let update):
                remember(update)
                try handle(.placed(client, update.status, at: update.time))
            case .placeRejected(let client, _, let reason, let time):
                statistics.rejected += 1
                try handle(.placeRejected(client, reason: "EXCHANGE_REJECTED: \(reason)", at: time))
            case .cancelled(let update):
                try handle(.orderReports([update.status], at: update.time))
            case .cancelRejected(let orderID, let reason, let time):
                try handle(.cancelFailed(orderID, reason: reason, at: time))
            case .filled(let update):
                remember(update)
                try handle(.orderReports([update.status], at: update.time))
            case .expired(let update):
                statistics.expired += 1
                try handle(.orderReports([update.status], at: update.time))
            }
        }
    }

    private func remember(_ update: ReplayOrderUpdate) {
        for index in update.newFills {
            liquidity[FillID(venue: update.status.venue, orderID: update.status.id, index: index)] = update.liquidity
        }
    }

    private func handle(_ event: EngineEvent) throws(BacktestError) {
        try handle(event.time, { try self.engine.handle(event) }, recorded: { event })
    }

    /// Has the engine react at `time` through `react`, books its fills and performs its actions;
    /// a session recording is given the event `recorded` makes. Inlined: a book's `react` and
    /// `recorded` are closures, which called through a shared body cost a book two calls more.
    @inline(__always)
    private func handle(
        _ time: Timestamp, _ react: () throws -> [EngineAction], recorded: () -> EngineEvent
    ) throws(BacktestError) {
        let actions = try engineCall(react)
        let fills = journal.drain()
        for fill in fills {
            let fee = venue.configuration.fees.fee(for: fill.qty, liquidity.removeValue(forKey: fill.id) ?? .taker)
            metrics.record(fill, fee: fee)
            statistics.fills += 1
        }
        try session?.handled(recorded(), fills: fills, actions: actions)
        perform(actions, at: time)
    }

    private func perform(_ actions: [EngineAction], at time: Timestamp) {
        for action in actions {
            switch action {
            case .place(let client, let order):
                statistics.orders += 1
                venue.submit(order.request, clientID: client, at: time)
            case .cancel(_, _, let orderID):
                statistics.cancels += 1
                venue.submitCancel(orderID, at: time)
            case .placeGroup(_, let legs):
                for leg in legs {
                    statistics.orders += 1
                    venue.submit(leg.order.request, clientID: leg.client, at: time)
                }
            case .replace:
                // The replay venue keeps plain orders only, and the backtester makes its engine
                // so: the engine replaces by a cancel and a new order here.
                preconditionFailure("a replace in place asked of the replay venue")
            case .tradingStateChanged:
                statistics.tradingStateChanges += 1
            }
        }
    }

    private func engineCall<Result>(_ body: () throws -> Result) throws(BacktestError) -> Result {
        do {
            return try body()
        } catch {
            throw .engine(reason: "\(error)")
        }
    }
}
