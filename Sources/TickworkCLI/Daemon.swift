import Edgar
import FoundationEssentials
import History
import HTTP
import Ledger
import Lifecycle
import Live
import Notify
import Monitor
import Risk
import SimulatedMarket
import StockFighter
import StrategyKit
import Trading
import Wire

#if canImport(Glibc)
import Glibc
#endif

/// Assembles the daemon from a configuration: the one place where concrete types are chosen
/// (plugins, the embedded exchange, the client's transport, the ledger) and wired together.
final class Daemon {
    let configuration: Configuration
    let configPath: String?
    let hooks: DaemonHooks
    let logger: Logger
    /// The `notify` webhooks; nil when the configuration has none.
    let notifier: Notifier?
    /// The client the EDGAR poller asks; nil when the configuration polls no EDGAR.
    let edgarClient: EdgarClient?
    /// What the EDGAR poller has done, for `/metrics`.
    let edgarFigures = Locked(EdgarFigures())
    /// The ledger failure the daemon exits 3 for, told in its last words.
    private(set) var ledgerFailure: LiveRunnerError?

    init(configuration: Configuration, configPath: String?, hooks: DaemonHooks = DaemonHooks()) throws {
        self.configuration = configuration
        self.configPath = configPath
        self.hooks = hooks
        let handler = StderrLogHandler(style: StderrLogHandler.style(for: configuration.logging.format))
        logger = Logger(part: "daemon", level: configuration.logging.level, handler: handler)
        notifier = try Self.makeNotifier(configuration, logger: logger)
        edgarClient = try Self.makeEdgarClient(configuration)
    }

    /// Runs until a signal (or `duration`), and returns the exit status; the webhooks hear of
    /// the stop (and why) before it returns or throws.
    func run(duration: Duration?) throws -> Int32 {
        do {
            let status = try trade(duration: duration)
            sayLastWords(status: status, error: nil)
            return status
        } catch {
            sayLastWords(status: 1, error: error)
            throw error
        }
    }

    private func trade(duration: Duration?) throws -> Int32 {
        let base = configPath == nil ? "the current directory \(configuration.directory)" : configuration.directory
        logger.info("starting", [
            "version": Tickwork.version, "config": configuration.file, "ledger": configuration.ledger.path,
            "riskState": configuration.riskStatePath, "relativePaths": "from \(base)",
        ])
        let scan = try configuration.loadPlugins()
        for failure in scan.failures {
            logger.warning("plugin not loaded", ["error": failure.description])
        }
        let instances = try configuration.instantiateStrategies(from: scan)
        for instance in instances {
            logger.info("strategy loaded", [
                "strategy": instance.settings.id.rawValue, "plugin": instance.plugin.descriptor.name,
                "version": instance.plugin.descriptor.version, "file": instance.plugin.path,
            ])
        }

        let venueServer = try startEmbeddedExchange()
        // The group below stops the embedded exchange in its turn; this stops it when the
        // daemon gives up before trading (stopping twice does nothing more).
        defer { venueServer?.stop() }
        let broker = try makeBroker(venueServer: venueServer)
        // Which protective orders outlive the daemon (kept at the broker) and which end with it.
        let api = if case .alpaca = configuration.exchange.api { "Alpaca" } else { "StockFighter" }
        logger.info("orders", [
            "venue": configuration.exchange.venue.rawValue,
            "keeping": OrderFeature.keeping(broker.capabilities, venue: api, emulation: configuration.emulatedOrders),
        ])

        let ledger: LedgerWriter
        do {
            ledger = try LedgerWriter(
                path: configuration.ledger.path, venue: configuration.exchange.venue, account: configuration.exchange.account,
                durability: durability)
            try ledger.requireRoom()
        } catch {
            // A ledger the file system refuses or has no room for, or a corrupt one, can book
            // nothing: nothing may stay open. A locked or foreign ledger may be another daemon's,
            // whose orders are not ours to cancel.
            switch error {
            case .system, .corrupt, .full: break
            default: throw error
            }
            let sweep = AccountSweep(broker: broker, venue: configuration.exchange.venue, logger: logger.forPart("engine"))
            return ledgerFailed(try runBlocking {
                await LiveRunner.ledgerEmergency(error, sweep: sweep, wait: LiveRunner.emergencyWait, notifier: SystemdNotifier())
            })
        }
        for warning in ledger.warnings {
            logger.forPart("ledger").warning(warning.description)
        }
        let history = try LedgerFillJournal.history(at: configuration.ledger.path)
        logger.forPart("ledger").info("opened", ["file": configuration.ledger.path, "fills": String(history.fills.count)])
        try checkLedgerPrefix(broker, recorded: Set(history.orders.keys))

        let ledgerJournal = LedgerFillJournal(ledger: ledger)
        let historyFlow = HistoryFlow()
        // Made before the runner, for the control routes to post the operator's commands to.
        let inbox = Inbox<LiveRunner.Message>()
        let control = ControlRoutes(inbox: inbox, logger: logger.forPart("control"))
        let monitor = try startMonitor(
            journal: ledgerJournal, ledgerSequence: ledger.durableSequence, historyFlow: historyFlow, control: control)
        defer { monitor?.server.stop() }
        let controlServer = try startControlServer(control)
        defer { controlServer.stop() }
        let recorder = try configuration.recordingPath.map { path in
            try LiveSessionRecorder(
                path: path, venue: configuration.exchange.venue, symbols: configuration.symbols,
                producer: "tickwork run \(Tickwork.version)", ledger: ledgerJournal)
        }
        if let path = configuration.recordingPath {
            logger.info("recording the session", ["file": path])
        }
        let engine = TradingEngine(
            venue: configuration.exchange.venue, strategies: instances.map(EngineStrategy.init),
            accountLimits: configuration.accountRisk, riskState: try loadRiskState(),
            journal: recorder?.journal ?? ledgerJournal, logger: logger.forPart("engine"), capabilities: broker.capabilities,
            emulatedOrders: configuration.emulatedOrders)
        for fill in history.fills {
            engine.restore(fill)
        }
        engine.settlementWindowMs = configuration.settlementWindowMs
        engine.orderFlow = orderFlow(history: HistoryFlowObserver(flow: historyFlow, runStart: WallClock.now()))
        let runner = LiveRunner(
            engine: engine, broker: broker,
            pollInterval: .milliseconds(configuration.pollIntervalMs), riskStatePath: configuration.riskStatePath,
            recorded: history.orders, unknownOrderPolicy: configuration.unknownOpenOrders, logger: logger.forPart("engine"),
            reloader: reloader(), recorder: recorder, monitor: monitor?.feed,
            exchangeTimeAllowance: configuration.exchangeTimeAllowance, now: WallClock.now, stopReason: Self.stopReason,
            stream: configuration.streamSettings, inbox: inbox)
        hooks.started?(runner.inbox)
        var entries = services(venueServer, ledger, recorder, runner, duration, historyFlow)
        if let monitor {
            // Started before the runner and stopped after it, so the last state is served to the end.
            entries.insert(.init("monitor", monitor.server), at: entries.count - 1)
        }
        if let notifier {
            // Started right after the SIGHUP handler and stopped just before it: it hears everything.
            entries.insert(.init("notify", notifier), at: 1)
            notifier.post(Notice(.daemon, at: WallClock.now(), "started", [.init("version", Tickwork.version)]))
        }
        // Started before the runner and stopped after it, as the monitor is.
        entries.insert(.init("control", controlServer), at: entries.count - 1)
        if let poller = edgarPoller(runner) {
            // Started after the runner and stopped before it, so that every filing it hands over
            // reaches the engine.
            entries.append(poller)
        }
        let group = ServiceGroup(entries)
        let report = try runBlocking { await group.run() }
        return try exitStatus(report)
    }

    /// The exit status after a ledger failure (documented in `tickwork run --help` and the
    /// README): the orders were cancelled and a restart cannot help until the disk is fixed.
    static let ledgerFailureStatus: Int32 = 3

    /// Says why on stderr, in the CLI's one-line form, and returns `ledgerFailureStatus`.
    func ledgerFailed(_ error: LiveRunnerError) -> Int32 {
        Console.err("tickwork: \(error)")
        ledgerFailure = error
        return Self.ledgerFailureStatus
    }

    private var durability: LedgerDurability {
        switch configuration.ledger.fsync {
        case .always: return .always
        case .never: return .never
        case .batch: return .batch(maxDelay: .milliseconds(configuration.ledger.batchMs), maxFills: Int(configuration.ledger.batchFills))
        }
    }

    /// The simulated exchange in this process, when the configuration asks for one.
    private func startEmbeddedExchange() throws -> VenueServer? {
        guard let settings = configuration.embeddedExchange, let server = try EmbeddedExchange.start(configuration) else { return nil }
        logger.forPart("exchange").info("embedded exchange listening", [
            "address": server.address.description, "venue": configuration.exchange.venue.rawValue,
            "bots": String(settings.bots), "seed": String(settings.seed),
        ])
        return server
    }

    private func loadRiskState() throws -> RiskState {
        try RiskStateFile.load(configuration.riskStatePath) ?? RiskState()
    }

    /// Re-reads the configuration on SIGHUP, from the hooks' source or else the file, and loads
    /// the plugins it names; the embedded default cannot change.
    private func reloader() -> LiveRunner.Reloader? {
        let source: @Sendable () throws -> Configuration
        if let reloadSource = hooks.reloadSource {
            source = reloadSource
        } else if let configPath {
            source = { try Configuration.load(file: configPath) }
        } else {
            return nil
        }
        return {
            let fresh = try source()
            let instances = try fresh.instantiateStrategies(from: try fresh.loadPlugins())
            return LiveRunner.Reload(
                strategies: instances.map(EngineStrategy.init), accountLimits: fresh.accountRisk,
                savedRiskState: try RiskStateFile.load(fresh.riskStatePath))
        }
    }
}
