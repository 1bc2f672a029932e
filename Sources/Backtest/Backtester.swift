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

    /// Feeds every book of `reader` and finishes; `progress` is called every `progressInterval`
    /// books. Other records (of a session recording) are skipped: the venue answers instead.
    public func run(
        _ reader: any RecordingReader, progressInterval: Int = 100_000, progress: ((BacktestStatistics) -> Void)? = nil
    ) throws(BacktestError) -> BacktestMetrics {
        while let book = try reader.nextBook() {
            try feed(book)
            if let progress, statistics.books % progressInterval == 0 { progress(statistics) }
        }
        try finish()
        return metrics
    }

    /// Feeds one book at its `receivedTime`; a book received before the previous one (out of
    /// order in the recording) is taken as received at the simulated clock's time. The book is
    /// consumed: `run` hands the reader's book over, and the engine is given it with our orders
    /// beside it rather than merged in.
    public func feed(_ book: consuming BookSnapshot) throws(BacktestError) {
        if let now, book.receivedTime < now { book.receivedTime = now }
        try process(book)
    }

    /// Feeds `book` at its `receivedTime`, which is not before the simulated clock's time.
    private func process(_ book: consuming BookSnapshot) throws(BacktestError) {
        precondition(!finished, "feed after finish")
        let time = book.receivedTime
        if now == nil {
            now = time
            let actions = try engineCall { try engine.start(at: time) }
            try session?.started(at: time, actions: actions)
            perform(actions, at: time)
        }
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

    /// Ends the run: answers the requests on their way, stops the engine, answers its cancels.
    public func finish() throws(BacktestError) {
        guard !finished, let start = now else { return }
        try deliverArrivals(before: nil, inclusive: true)
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
