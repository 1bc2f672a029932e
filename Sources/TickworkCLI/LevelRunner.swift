import CommandLineKit
import Dispatch
import FoundationEssentials
import Glibc
import Lifecycle
import Live
import SimulatedMarket
import StrategyKit
import Synchronization

/// Plays one level through the game master's API, as any outside client would: starts an
/// instance of the level (on the exchange at `baseURL`, or else on a simulated exchange this
/// process serves on loopback, with no market of its own until the level starts), runs the
/// daemon on the instance's venue and account (the client over HTTP, the risk checker, a ledger
/// in a temporary directory), polls the instance for the judge's running verdict, reveals the
/// target when the game master does, and stops the daemon once the instance is done.
///
/// The revealed target reaches the strategies the way a player would type it in: every
/// configured strategy whose plugin declares an integer `priceCapCents` parameter gets it set
/// to the target, and the daemon reloads its configuration (the SIGHUP path).
final class LevelRunner: Sendable {
    let level: Level
    let seed: UInt64
    let configuration: Configuration
    /// The exchange's root (`http://host:port`); nil serves one in this process.
    let baseURL: String?
    /// How often the instance is polled.
    static let judgeInterval: Duration = .milliseconds(100)
    /// How often a progress line is written.
    static let progressInterval: Duration = .seconds(1)

    private struct Watch {
        var target: Int64?
        var decided: GameMasterClient.Status?
        var monitorStarted = false
        var finished = false
    }

    private let watch = Mutex(Watch())
    private let reloadable: Mutex<Configuration>

    /// A run of `level` with bots seeded `seed` on the exchange at `baseURL` (nil: one in this
    /// process), trading as `configuration` says (its exchange, ledger and risk-state paths are
    /// replaced by the level's).
    init(level: Level, seed: UInt64, configuration: Configuration, baseURL: String?) throws {
        guard configuration.strategies.contains(where: { $0.symbols.contains(level.symbol) }) else {
            throw CLIError.failure(
                "\(configuration.file): strategies: none trades \(level.symbol.rawValue), the stock of level \(level.name)")
        }
        self.level = level
        self.seed = seed
        self.configuration = configuration
        self.baseURL = baseURL
        reloadable = Mutex(configuration)
    }

    /// Plays the level to its end and returns the verdict; `progress` gets a line now and then.
    func run(progress: @escaping @Sendable (String) -> Void) throws -> LevelVerdict {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("tickwork-level-\(level.name)-\(ProcessInfo.processInfo.processIdentifier)-\(UInt32.random(in: 0...UInt32.max))")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let key = try Self.playerKey(configuration: configuration)
        let keyFile = directory.appendingPathComponent("api-key").path
        guard FileManager.default.createFile(atPath: keyFile, contents: Data(key.utf8), attributes: [.posixPermissions: 0o600]) else {
            throw CLIError.failure("cannot write the level's key file in \(directory.path)")
        }

        let server = baseURL == nil ? try VenueServer(configuration: Self.inProcessExchange()) : nil
        defer { server?.stop() }
        let client = try GameMasterClient(root: baseURL ?? "http://\(server!.address)", key: key, caFile: configuration.exchange.caFile)
        defer { client.close() }
        let game = try client.start(level: level.gameName, seed: seed)
        guard let venue = game.venues.first else { throw CLIError.failure("the game master gave instance \(game.instanceId) no venue") }

        var configuration = configuration
        configuration.exchange.venue = Venue(venue)
        configuration.exchange.account = Account(game.account)
        configuration.exchange.baseURL = client.root + "/ob/api"
        configuration.exchange.apiKey = .file(keyFile)
        configuration.embeddedExchange = nil
        configuration.recordingPath = nil
        configuration.ledger.path = directory.appendingPathComponent("ledger.jsonl").path
        configuration.historyPath = directory.appendingPathComponent("ledger.history.sqlite").path
        configuration.riskStatePath = directory.appendingPathComponent("risk-state.json").path
        reloadable.withLock { $0 = configuration }

        let capped = try strategiesTakingAPriceCap(configuration)
        progress(
            "\(level.name): \(level.rules.objective); \(level.days) days of \(level.stepsPerDay) bot steps (\(level.dayLength) on time), "
                + "bots seeded \(seed); instance \(game.instanceId) on \(venue) as \(game.account) at \(client.root); "
                + "played by \(configuration.strategies.map(\.plugin).joined(separator: ", "))")

        let monitorDone = DispatchSemaphore(value: 0)
        let hooks = DaemonHooks(
            reloadSource: { [self] in reloadable.withLock { $0 } },
            started: { [self] inbox in
                watch.withLock { $0.monitorStarted = true }
                OSThread.detach(name: "level-judge") { [self] in
                    monitor(client: client, instance: game.instanceId, capped: capped, inbox: inbox, progress: progress)
                    monitorDone.signal()
                }
            })
        do {
            let daemon = try Daemon(configuration: configuration, configPath: nil, hooks: hooks)
            _ = try daemon.run(duration: nil)
        } catch {
            finishMonitor(monitorDone)
            try? client.stop(game.instanceId)
            throw error
        }
        finishMonitor(monitorDone)
        if let decided = watch.withLock({ $0.decided }) { return decided.details.verdict }
        // The daemon stopped before the game master decided: the instance ends here, lost.
        return try client.concede(game.instanceId, reason: "the player stopped before the level was decided")
    }

    /// The exchange this process serves when no `--base-url` is given: the game master only
    /// (no bots on its own venue, no Alpaca or EDGAR).
    static func inProcessExchange() throws -> VenueConfiguration {
        var configuration = try VenueConfiguration()
        configuration.alpaca = nil
        configuration.edgar = nil
        return configuration
    }

    /// The key the player plays with: `TICKWORK_API_KEY`, else the key of `configuration` (when
    /// a strategy plays), else (any key will do on the exchange this process serves or an open
    /// one) a fresh one.
    static func playerKey(configuration: Configuration?) throws -> String {
        let environment = ProcessInfo.processInfo.environment
        if let key = environment[ExchangeConnection.keyVariable], !key.isEmpty { return key }
        let keys = ("exchange.apiKeyEnv", "exchange.apiKeyFile")
        if let configuration,
            case .found(let key) = try APIKeyResolver.lookUp(configuration.exchange.apiKey, keys: keys, in: configuration, environment: environment)
        {
            return key.secret
        }
        return "level-" + String(UInt64.random(in: 0...UInt64.max), radix: 16)
    }

    /// Tells the monitor to end (if the daemon stopped first) and waits for it, if it started.
    private func finishMonitor(_ monitorDone: DispatchSemaphore) {
        let started = watch.withLock { watch in
            watch.finished = true
            return watch.monitorStarted
        }
        if started { monitorDone.wait() }
    }

    /// Polls the instance every `judgeInterval` until it is done or the run ends, revealing the
    /// target to the capped strategies when it appears and writing progress lines.
    private func monitor(
        client: GameMasterClient, instance: Int, capped: [StrategyID], inbox: Inbox<LiveRunner.Message>,
        progress: @Sendable (String) -> Void
    ) {
        var nextProgress = DispatchTime.now() + Self.progressInterval.dispatchInterval
        while watch.withLock({ !$0.finished }) {
            usleep(UInt32(Self.judgeInterval / .microseconds(1)))
            let status: GameMasterClient.Status
            do {
                status = try client.status(instance)
            } catch {
                progress("\(error)")
                inbox.post(.stop("level \(level.name): the game master cannot be reached"))
                return
            }
            if let target = status.details.targetPriceCents, watch.withLock({ $0.target == nil }) {
                watch.withLock { $0.target = target }
                reveal(target, to: capped, inbox: inbox)
                progress("target revealed: an average below \(Price(cents: target))")
            }
            let now = DispatchTime.now()
            if now >= nextProgress || status.done {
                nextProgress = now + Self.progressInterval.dispatchInterval
                let verdict = status.details.verdict
                var line = "day \(status.details.tradingDay)/\(status.details.endOfTheWorldDay): \(verdict.progressSummary)"
                if status.done { line += " -> \(verdict.outcome.rawValue)" }
                progress(line)
            }
            if status.done {
                watch.withLock { $0.decided = status }
                inbox.post(.stop("level \(level.name) \(status.state)"))
                return
            }
        }
    }

    /// Sets `priceCapCents` to `target` on the `capped` strategies and asks the daemon to reload.
    private func reveal(_ target: Int64, to capped: [StrategyID], inbox: Inbox<LiveRunner.Message>) {
        guard !capped.isEmpty else { return }
        reloadable.withLock { configuration in
            for index in configuration.strategies.indices where capped.contains(configuration.strategies[index].id) {
                configuration.strategies[index].parameters["priceCapCents"] = .integer(target)
            }
        }
        inbox.post(.reload)
    }

    /// The strategies whose plugins declare an integer `priceCapCents`.
    private func strategiesTakingAPriceCap(_ configuration: Configuration) throws -> [StrategyID] {
        let scan = try configuration.loadPlugins()
        return configuration.strategies.filter { settings in
            scan.plugin(named: settings.plugin)?.descriptor.parameters.contains { $0.name == "priceCapCents" && $0.kind == .integer } ?? false
        }.map(\.id)
    }
}
