import Dispatch
import Foundation
import Ledger
import Risk
import StockFighter
import StrategyKit
import Trading

/// Runs a `TradingEngine` against a live exchange until told to stop: polls books and order
/// statuses, feeds the engine through its inbox on one thread, carries out its actions through
/// the exchange client, keeps systemd informed, and shuts down cleanly.
///
/// The engine is touched only by the thread that called `run()`; everything else posts messages.
public final class LiveRunner {
    /// What reaches the engine's thread.
    public enum Message: Sendable {
        case event(EngineEvent)
        /// SIGTERM or SIGINT: stop trading, cancel, flush, return.
        case stop(String)
        /// SIGHUP: reload the configuration.
        case reload
        /// Time to ask the exchange about our open orders.
        case pollOrders
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

    public let inbox = Inbox<Message>()
    let engine: TradingEngine
    let client: StockFighterClient
    let account: Account
    let pollInterval: Duration
    let riskStatePath: String
    let logger: Logger
    let notifier: SystemdNotifier
    let reloader: Reloader?
    let unknownOrderPolicy: UnknownOrderPolicy
    let recorded: [OrderID: RecordedOrder]
    let recorder: (any EngineRecorder)?
    var pollers: [Task<Void, Never>] = []
    /// Whether a round of order-status requests is under way.
    let statusPollInFlight = Locked(false)
    /// Whether a request for the account's orders is under way.
    let accountPollInFlight = Locked(false)
    /// How many placements have been sent and not yet answered.
    let placementsInFlight = Locked(0)
    private var lastSummary = DispatchTime.now()
    private var lastTimer = DispatchTime.now()
    private var lastWatchdog = DispatchTime.now()

    public init(
        engine: TradingEngine, client: StockFighterClient, account: Account, pollInterval: Duration, riskStatePath: String,
        recorded: [OrderID: RecordedOrder], unknownOrderPolicy: UnknownOrderPolicy, logger: Logger,
        notifier: SystemdNotifier = SystemdNotifier(), reloader: Reloader? = nil, recorder: (any EngineRecorder)? = nil
    ) {
        self.engine = engine
        self.client = client
        self.account = account
        self.pollInterval = pollInterval
        self.riskStatePath = riskStatePath
        self.recorded = recorded
        self.unknownOrderPolicy = unknownOrderPolicy
        self.logger = logger
        self.notifier = notifier
        self.reloader = reloader
        self.recorder = recorder
    }

    /// Reconciles, trades until a `stop` message, then shuts down: strategies stopped, open
    /// orders cancelled (waiting at most `cancelWait`), last fills collected. With a recorder,
    /// every start, handle and stop call of the engine is recorded with its actions
    /// (reconciliation, reloads and the cancels of the shutdown sweep are not engine events
    /// and are not).
    ///
    /// When the ledger fails (a fill cannot be written or made durable, in reconciliation or
    /// later), nothing more is placed and every open order of the account, as the exchange
    /// lists it, is cancelled (for at most `emergencyWait`); then it throws
    /// `LiveRunnerError.ledgerFailed`.
    public func run(cancelWait: Duration = .seconds(5), emergencyWait: Duration = LiveRunner.emergencyWait) throws {
        do {
            try trade(cancelWait: cancelWait)
        } catch let error as LedgerError {
            throw ledgerEmergency(error, wait: emergencyWait)
        }
    }

    /// `run` until the ledger fails.
    private func trade(cancelWait: Duration) throws {
        let venue = engine.venue
        let accountOrders = try runBlocking { [client, account] in try await client.orders(venue: venue, account: account) }
        let (report, reconcileActions) = try engine.reconcile(
            accountOrders: accountOrders, recorded: recorded, policy: unknownOrderPolicy, at: SystemClock.now())
        logger.info("reconciled with the exchange", [
            "orders": String(accountOrders.count), "fillsAppended": String(report.fillsAppended),
            "adopted": String(report.ordersAdopted), "cancelled": String(report.ordersCancelled),
        ])
        perform(reconcileActions)
        let startTime = SystemClock.now()
        let startActions = try engine.start(at: startTime)
        try recorder?.started(at: startTime, actions: startActions)
        perform(startActions)
        startPollers()
        notifier.ready(status: statusLine())
        logger.info("ready", ["symbols": engine.symbols.map(\.rawValue).sorted().joined(separator: ","), "venue": venue.rawValue])

        var stopReason: String?
        while stopReason == nil {
            let message = inbox.take(before: nextDeadline())
            switch message {
            case .event(let event)?:
                perform(try handle(event))
            case .stop(let reason)?:
                stopReason = reason
            case .reload?:
                reload()
            case .pollOrders?:
                pollOpenOrders()
            case nil:
                break
            }
            try housekeeping()
        }
        try shutDown(reason: stopReason ?? "", cancelWait: cancelWait)
    }

    /// Hands `event` to the engine and the recorder, and returns the engine's actions.
    private func handle(_ event: EngineEvent) throws -> [EngineAction] {
        let actions = try engine.handle(event)
        try recorder?.handled(event, actions: actions)
        return actions
    }

    /// The loop's next wake-up: the sooner of the one-second timer and the watchdog's half-interval.
    private func nextDeadline() -> DispatchTime {
        var deadline = lastTimer + .seconds(1)
        if let interval = SystemdNotifier.watchdogInterval() {
            deadline = min(deadline, lastWatchdog + (interval / 2).dispatchInterval)
        }
        return deadline
    }

    /// Timer ticks, the watchdog (sent from this loop, so a stuck engine stops it), and the
    /// periodic summary.
    private func housekeeping() throws {
        let now = DispatchTime.now()
        if now >= lastTimer + .seconds(1) {
            lastTimer = now
            perform(try handle(.timer(SystemClock.now())))
            notifier.status(statusLine())
        }
        if let interval = SystemdNotifier.watchdogInterval(), now >= lastWatchdog + (interval / 2).dispatchInterval {
            lastWatchdog = now
            notifier.watchdog()
        }
        if now >= lastSummary + .seconds(60) {
            lastSummary = now
            logSummary()
        }
    }

    private func shutDown(reason: String, cancelWait: Duration) throws {
        notifier.stopping()
        logger.info("stopping", ["reason": reason])
        for poller in pollers { poller.cancel() }
        pollers.removeAll()
        let stopTime = SystemClock.now()
        let stopActions = engine.stop(at: stopTime)
        try recorder?.stopped(at: stopTime, actions: stopActions)
        perform(stopActions)
        let deadline = DispatchTime.now() + cancelWait.dispatchInterval
        var nextPoll = DispatchTime.now()
        // Cancel responses and last fills arrive as events; keep handling them (cancelling
        // anything that is acknowledged meanwhile) until every order is closed or time is up.
        while !engine.orders.openOrders.isEmpty, DispatchTime.now() < deadline {
            if case .event(let event)? = inbox.take(before: min(deadline, nextPoll)) {
                _ = try handle(event)
                perform(engine.cancelOpenOrders())
            }
            if DispatchTime.now() >= nextPoll {
                nextPoll = DispatchTime.now() + .milliseconds(250)
                pollOpenOrders()
            }
        }
        let left = engine.orders.openOrders.count
        if left > 0 {
            logger.warning("orders still open at exit", ["count": String(left)])
        }
        logSummary()
        logger.info("stopped", ["fills": String(engine.statistics.fills)])
    }

    private func statusLine() -> String {
        let pnl = engine.portfolio.accountPnL
        let state = engine.risk.state.account.state.rawValue
        return "\(state); fills \(engine.statistics.fills); P&L \(pnl.total) (realized \(pnl.realized)); open orders \(engine.orders.openOrders.count)"
    }

    private func logSummary() {
        let stats = engine.statistics
        let pnl = engine.portfolio.accountPnL
        logger.info("summary", [
            "books": String(stats.books), "dropped": String(stats.booksDropped), "approved": String(stats.approved),
            "denied": String(stats.denied), "fills": String(stats.fills), "cancels": String(stats.cancels),
            "pnl": pnl.total.description, "realized": pnl.realized.description,
            "open": String(engine.orders.openOrders.count),
        ])
    }

    private func reload() {
        guard let reloader else { return }
        notifier.reloading()
        do {
            let reload = try reloader()
            engine.reconfigure(strategies: reload.strategies, accountLimits: reload.accountLimits)
            logger.info("configuration reloaded", ["strategies": String(reload.strategies.count)])
            if let saved = reload.savedRiskState {
                for change in engine.resumeScopes(activeIn: saved, at: SystemClock.now()) {
                    logger.info("trading resumed", ["change": change.description])
                }
                saveRiskState()
            }
        } catch {
            logger.error("reload refused; the running configuration stays", ["error": "\(error)"])
        }
        notifier.ready(status: statusLine())
    }
}
