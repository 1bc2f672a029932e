import Brokerage
import FoundationEssentials
import Ledger
import Lifecycle
import Risk
import StrategyKit
import Trading

/// Runs a `TradingEngine` against a live broker until told to stop: polls books and order
/// statuses, feeds the engine through its inbox in one loop, carries out its actions through
/// the broker, keeps systemd informed, and shuts down cleanly.
///
/// A `Service`: `run()` trades until a `stop` message or its task's cancellation, then stops
/// the strategies, cancels the open orders (within `cancelWait`) and returns. Everything it
/// starts (pollers, tickers, broker calls) is a child task it cancels and awaits before
/// returning; they all run on one thread of the runner's own (`ThreadExecutor`), which ends
/// before `run()` returns.
///
/// `@unchecked Sendable`: the engine and the loop's own state are touched only by the engine
/// loop inside `run()`, which runs once; other tasks reach the runner only through `inbox` and
/// the `Locked` flags.
public final class LiveRunner: Service, @unchecked Sendable {
    /// What reaches the engine loop.
    public enum Message: Sendable {
        case event(EngineEvent)
        /// SIGTERM or SIGINT: stop trading, cancel, flush, return.
        case stop(String)
        /// SIGHUP: reload the configuration.
        case reload
        /// Time to ask the broker about our open orders.
        case pollOrders
        /// The runner's own tick (once a second): the engine's timer event and the status line.
        case timer
        /// The runner's own tick at half systemd's watchdog interval.
        case watchdog
        /// An operator's command (the control socket, the monitor's control routes).
        case control(OperatorRequest)
    }

    /// What a reload brings: the strategies and limits to use, and the trading states as saved
    /// on disk (where `tickwork resume` may have set a halted scope active again).
    public struct Reload {
        public var strategies: [EngineStrategy]
        public var accountLimits: AccountRiskLimits
        public var savedRiskState: RiskState?

        public init(strategies: [EngineStrategy], accountLimits: AccountRiskLimits, savedRiskState: RiskState?) {
            self.strategies = strategies
            self.accountLimits = accountLimits
            self.savedRiskState = savedRiskState
        }
    }

    /// How the runner reloads its configuration on SIGHUP, or throws (the old configuration
    /// then stays).
    public typealias Reloader = @Sendable () throws -> Reload

    /// The broker calls the engine loop starts, as child tasks of `run()`.
    typealias Requests = ThrowingDiscardingTaskGroup<any Error>

    public let inbox: Inbox<Message>
    let engine: TradingEngine
    let broker: any Broker
    let pollInterval: Duration
    /// How often the market session is asked for (and just after its next known change).
    let sessionPollInterval: Duration
    /// How often the runner's own tick comes.
    let tickInterval: Duration
    let riskStatePath: String
    let logger: Logger
    let notifier: SystemdNotifier
    let reloader: Reloader?
    let unknownOrderPolicy: UnknownOrderPolicy
    let recorded: [OrderID: RecordedOrder]
    let recorder: (any EngineRecorder)?
    /// Where the runner publishes snapshots for the monitor; nil without one.
    let monitor: MonitorFeed?
    let cancelWait: Duration
    let emergencyWait: Duration
    /// How far behind the local clock a polled book's exchange time may be; nil: not checked.
    let exchangeTimeAllowance: Duration?
    /// The wall clock events are stamped with.
    let now: @Sendable () -> Timestamp
    /// The reason logged when the runner's task is cancelled, from its service group's cause.
    let stopReason: @Sendable (StopCause?) -> String
    /// Whether a round of order-status requests is under way.
    let statusPollInFlight = Locked(false)
    /// Whether a request for the account's orders is under way.
    let accountPollInFlight = Locked(false)
    /// How many placements have been sent and not yet answered.
    let placementsInFlight = Locked(0)
    private var lastSummary = ContinuousClock.now
    /// The engine's wake-up a sleeping child task will post a `.timer` for (`armWakeUp`).
    var armedWakeUp: Timestamp?
    /// How the venue's push stream is used; nil: polling only.
    let streaming: StreamSettings?
    /// Whether the pollers' calls go out, by whether the stream is trusted; nil without a stream.
    let pace: PollPace?
    /// The last trade seen of each symbol whose trades some strategy hears, by poll or stream.
    let tapes: [Symbol: Locked<LastTradeFilter>]

    /// A runner of `engine` trading through `broker`, polling books, trades and orders every
    /// `pollInterval` and the market session every `sessionPollInterval`, reading `inbox` (made
    /// first when something must post to it before the runner exists), with a tick every
    /// `tickInterval` besides the engine's own wake-ups. On stop it waits at most `cancelWait`
    /// for the open orders to close; after a ledger failure it sweeps the account's orders for
    /// at most `emergencyWait`. A polled book whose exchange time is more than
    /// `exchangeTimeAllowance` behind `now` is not fed to the engine (the poll counts as
    /// failed). Cancelled, it stops as on a `stop` message whose reason is
    /// `stopReason` of its service group's cause (nil when not run by a group). With `stream`,
    /// it also follows the broker's push stream, polling at its safety interval while the stream
    /// is trusted (`LiveRunner+Streams`).
    public init(
        engine: TradingEngine, broker: any Broker, pollInterval: Duration, sessionPollInterval: Duration = .seconds(30),
        tickInterval: Duration = .seconds(1), riskStatePath: String,
        recorded: [OrderID: RecordedOrder], unknownOrderPolicy: UnknownOrderPolicy, logger: Logger,
        notifier: SystemdNotifier = SystemdNotifier(), reloader: Reloader? = nil, recorder: (any EngineRecorder)? = nil,
        monitor: MonitorFeed? = nil, cancelWait: Duration = .seconds(5), emergencyWait: Duration = LiveRunner.emergencyWait,
        exchangeTimeAllowance: Duration? = nil, now: @escaping @Sendable () -> Timestamp,
        stopReason: @escaping @Sendable (StopCause?) -> String = { $0?.description ?? "cancelled" },
        stream: StreamSettings? = nil, inbox: Inbox<Message> = Inbox()
    ) {
        self.inbox = inbox
        self.engine = engine
        self.broker = broker
        self.pollInterval = pollInterval
        self.sessionPollInterval = sessionPollInterval
        self.tickInterval = tickInterval
        self.riskStatePath = riskStatePath
        self.recorded = recorded
        self.unknownOrderPolicy = unknownOrderPolicy
        self.logger = logger
        self.notifier = notifier
        self.reloader = reloader
        self.recorder = recorder
        self.monitor = monitor
        self.cancelWait = cancelWait
        self.emergencyWait = emergencyWait
        self.exchangeTimeAllowance = exchangeTimeAllowance
        self.now = now
        self.stopReason = stopReason
        self.streaming = stream
        self.pace = stream.map { PollPace(safetyInterval: $0.safetyPollInterval) }
        self.tapes = Dictionary(uniqueKeysWithValues: engine.symbolsWantingTrades.map { ($0, Locked(LastTradeFilter())) })
    }

    /// Reconciles (then refuses to trade, with `PositionMismatch`, if the broker's positions
    /// still differ from the ledger's), trades until a `stop` message or cancellation, then
    /// shuts down: strategies stopped, open orders cancelled (waiting at most `cancelWait`),
    /// last fills collected.
    /// With a recorder, every start, handle and stop call of the engine is recorded with its
    /// actions (reconciliation, reloads and the cancels of the shutdown sweep are not engine
    /// events and are not).
    ///
    /// When the ledger fails (a fill cannot be written or made durable, in reconciliation or
    /// later), nothing more is placed and every open order of the account, as the broker lists
    /// it, is cancelled (for at most `emergencyWait`); then it throws
    /// `LiveRunnerError.ledgerFailed`.
    public func run() async throws {
        // The pollers, the engine loop and the broker calls hand work to each other on every
        // book; on a thread of their own each hand-over is a queue append, where on the shared
        // pool it was the wake-up of another pool thread (tickwork-bench's engine.runner).
        let executor = ThreadExecutor(name: "tickwork-engine")
        defer { executor.shutDown() }
        // Cancellation reaches the work as a stop message, not as task cancellation: the
        // shutdown's own broker calls (the cancels) must not start out cancelled.
        let work = Task(executorPreference: executor) { try await self.work() }
        let context = ServiceGroup.stopContext
        try await withTaskCancellationHandler {
            try await work.value
        } onCancel: { [inbox, stopReason] in
            inbox.post(.stop(stopReason(context?.cause)))
        }
    }

    /// `run`'s work: every broker call is a child task of one group, awaited before returning.
    private func work() async throws {
        try await withThrowingDiscardingTaskGroup { requests in
            do {
                try await trade(&requests)
            } catch let error as LedgerError {
                throw await ledgerEmergency(error)
            }
            // What is still in flight (a status poll, a cancel) no longer matters.
            requests.cancelAll()
        }
    }

    /// `run` until the ledger fails.
    private func trade(_ requests: inout Requests) async throws {
        let venue = engine.venue
        let positions = try await broker.positions(venue: venue)
        let accountOrders = try await broker.orders(venue: venue)
        let (report, reconcileActions) = try engine.reconcile(
            accountOrders: accountOrders, recorded: recorded, policy: unknownOrderPolicy, at: now())
        logger.info("reconciled with the exchange", [
            "orders": String(accountOrders.count), "fillsAppended": String(report.fillsAppended),
            "adopted": String(report.ordersAdopted), "cancelled": String(report.ordersCancelled),
        ])
        try await checkPositions(before: positions)
        perform(reconcileActions, &requests)
        let session = await firstSession()
        if let session { perform(try handle(.session(session, at: now())), &requests) }
        let startTime = now()
        let startActions = try engine.start(at: startTime)
        try recorder?.started(at: startTime, actions: startActions)
        perform(startActions, &requests)
        armWakeUp(&requests)
        monitor?.publishIfDue(engine, now: now, force: true)
        try await withThrowingDiscardingTaskGroup { pollers in
            startPollers(&pollers)
            startMarketDataPollers(&pollers, session: session)
            startStream(&pollers)
            notifier.ready(status: statusLine())
            logger.info("ready", ["symbols": engine.symbols.map(\.rawValue).sorted().joined(separator: ","), "venue": venue.rawValue])
            let reason = try await tradeUntilStopped(&requests)
            // Stopped now, awaited at the group's end: a poll in flight does not hold up the cancels.
            pollers.cancelAll()
            try await shutDown(reason: reason, &requests)
        }
    }

    /// Handles messages until a `stop`, and returns its reason.
    private func tradeUntilStopped(_ requests: inout Requests) async throws -> String {
        while true {
            switch await inbox.next() {
            case .event(let event):
                perform(try handle(event), &requests)
            case .stop(let reason):
                return reason
            case .reload:
                reload(&requests)
            case .pollOrders:
                pollOpenOrders(&requests)
            case .timer:
                perform(try handle(.timer(now())), &requests)
                notifier.status(statusLine())
            case .watchdog:
                // Sent from this loop, so a stuck engine stops it.
                notifier.watchdog()
            case .control(let request):
                carryOut(request, &requests)
            }
            armWakeUp(&requests)
            monitor?.publishIfDue(engine, now: now)
            if ContinuousClock.now >= lastSummary + .seconds(60) {
                lastSummary = ContinuousClock.now
                logSummary()
            }
        }
    }

    /// Hands `event` to the engine and the recorder, and returns the engine's actions.
    private func handle(_ event: EngineEvent) throws -> [EngineAction] {
        let start = monitor == nil ? nil : ContinuousClock.now
        let actions = try engine.handle(event)
        if let monitor, let start { monitor.decided(in: ContinuousClock.now - start) }
        try recorder?.handled(event, actions: actions)
        return actions
    }

    private func shutDown(reason: String, _ requests: inout Requests) async throws {
        notifier.stopping()
        logger.info("stopping", ["reason": reason])
        let stopTime = now()
        let stopActions = engine.stop(at: stopTime)
        try recorder?.stopped(at: stopTime, actions: stopActions)
        perform(stopActions, &requests)
        let deadline = ContinuousClock.now + cancelWait
        // Cancel responses and last fills arrive as events; keep handling them (cancelling
        // anything that is acknowledged meanwhile) until every order is closed or time is up.
        // A ticker polls the open orders every 250 ms and wakes the loop at the deadline.
        try await withThrowingDiscardingTaskGroup { ticker in
            ticker.addTask { [inbox] in
                let clock = ContinuousClock()
                var next = clock.now
                while next < deadline {
                    inbox.post(.pollOrders)
                    next = min(next + .milliseconds(250), deadline)
                    do {
                        try await clock.sleep(until: next)
                    } catch {
                        return  // cancelled: every order closed before the deadline
                    }
                }
                inbox.post(.pollOrders)
            }
            while !engine.orders.openOrders.isEmpty, ContinuousClock.now < deadline {
                switch await inbox.next() {
                case .event(let event):
                    // A stopped engine calls no strategy; what it answers with is the cancel of
                    // an order acknowledged only now, which the stop could not cancel before.
                    perform(try handle(event), &requests)
                    perform(engine.cancelOpenOrders(), &requests)
                case .pollOrders:
                    if ContinuousClock.now < deadline { pollOpenOrders(&requests) }
                case .control(let request):
                    request.answer(refusal(of: request.command, "the daemon is stopping"))
                case .stop, .reload, .timer, .watchdog:
                    break
                }
            }
            ticker.cancelAll()
        }
        let left = engine.orders.openOrders.count
        if left > 0 {
            logger.warning("orders still open at exit", ["count": String(left)])
        }
        logSummary()
        monitor?.publishIfDue(engine, now: now, force: true)
        logger.info("stopped", ["fills": String(engine.statistics.fills)])
    }

    private func statusLine() -> String {
        let pnl = engine.portfolio.accountPnL
        let state = engine.risk.state.account.state.rawValue
        return "\(state); fills \(engine.statistics.fills); P&L \(pnl.total) (realized \(pnl.realized)); open orders \(engine.orders.openOrders.count)"
    }

    func logSummary() {
        let stats = engine.statistics
        let pnl = engine.portfolio.accountPnL
        logger.info("summary", [
            "books": String(stats.books), "dropped": String(stats.booksDropped), "approved": String(stats.approved),
            "denied": String(stats.denied), "fills": String(stats.fills), "cancels": String(stats.cancels),
            "pnl": pnl.total.description, "realized": pnl.realized.description,
            "open": String(engine.orders.openOrders.count),
        ])
    }

    private func reload(_ requests: inout Requests) {
        guard let reloader else { return }
        notifier.reloading()
        do {
            let reload = try reloader()
            engine.reconfigure(strategies: reload.strategies, accountLimits: reload.accountLimits)
            logger.info("configuration reloaded", ["strategies": String(reload.strategies.count)])
            if let saved = reload.savedRiskState {
                for change in engine.resumeScopes(activeIn: saved, at: now()) {
                    logger.info("trading resumed", ["change": change.description])
                }
                saveRiskState(&requests)
            }
        } catch {
            logger.error("reload refused; the running configuration stays", ["error": "\(error)"])
        }
        notifier.ready(status: statusLine())
    }
}
