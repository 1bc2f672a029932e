import CommandLineKit
import Dispatch
import FoundationEssentials
import Glibc
import Lifecycle
import Live
import SimulatedMarket
import StrategyKit
import Synchronization

/// Plays one level: opens the level's market on the simulated exchange in this process, runs
/// the daemon on it (the client over loopback HTTP, the risk checker, a ledger in a temporary
/// directory), watches the account's fills as the exchange records them, reveals the target
/// when the rules say so, and stops the daemon once the judge has decided or time is up.
///
/// The revealed target reaches the strategies the way a player would type it in: every
/// configured strategy whose plugin declares an integer `priceCapCents` parameter gets it set
/// to the target, and the daemon reloads its configuration (the SIGHUP path).
final class LevelRunner: Sendable {
    let level: Level
    let seed: UInt64
    let configuration: Configuration
    /// How often the account's fills are judged, in seconds.
    static let judgeInterval: Duration = .milliseconds(100)
    /// How often a progress line is written.
    static let progressInterval: Duration = .seconds(1)

    private struct Watch {
        var target: Price?
        var decided: LevelVerdict?
        var monitorStarted = false
        var finished = false
    }

    private let watch = Mutex(Watch())
    private let reloadable: Mutex<Configuration>

    /// A run of `level` with bots seeded `seed`, trading as `configuration` says (its exchange,
    /// ledger and risk-state paths are replaced by the level's).
    init(level: Level, seed: UInt64, configuration: Configuration) throws {
        guard configuration.strategies.contains(where: { $0.symbols.contains(level.symbol) }) else {
            throw CLIError.failure(
                "\(configuration.file): strategies: none trades \(level.symbol.rawValue), the stock of level \(level.name)")
        }
        self.level = level
        self.seed = seed
        self.configuration = configuration
        reloadable = Mutex(configuration)
    }

    /// Plays the level to its end and returns the verdict; `progress` gets a line now and then.
    func run(progress: @escaping @Sendable (String) -> Void) throws -> LevelVerdict {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("tickwork-level-\(level.name)-\(ProcessInfo.processInfo.processIdentifier)-\(UInt32.random(in: 0...UInt32.max))")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        var configuration = configuration
        configuration.exchange.venue = level.venue
        configuration.exchange.baseURL = nil
        configuration.embeddedExchange = nil
        configuration.recordingPath = nil
        configuration.ledger.path = directory.appendingPathComponent("ledger.jsonl").path
        configuration.historyPath = directory.appendingPathComponent("ledger.history.sqlite").path
        configuration.riskStatePath = directory.appendingPathComponent("risk-state.json").path
        reloadable.withLock { $0 = configuration }

        let capped = try strategiesTakingAPriceCap(configuration)
        let server = try VenueServer(configuration: level.venueConfiguration(seed: seed))
        defer { server.stop() }
        progress("\(level.name): \(level.rules.objective); \(level.days) days of \(level.stepsPerDay) bot steps (\(level.dayLength) on time), bots seeded \(seed)")

        let account = configuration.exchange.account
        let monitorDone = DispatchSemaphore(value: 0)
        let hooks = DaemonHooks(
            venueServer: server, reloadSource: { [self] in reloadable.withLock { $0 } },
            started: { [self] inbox in
                watch.withLock { $0.monitorStarted = true }
                OSThread.detach(name: "level-judge") { [self] in
                    monitor(server: server, account: account, capped: capped, inbox: inbox, progress: progress)
                    monitorDone.signal()
                }
            })
        let daemon = try Daemon(configuration: configuration, configPath: nil, hooks: hooks)
        do {
            _ = try daemon.run(duration: nil)
        } catch {
            finishMonitor(monitorDone)
            throw error
        }
        finishMonitor(monitorDone)
        let (target, decided) = watch.withLock { ($0.target, $0.decided) }
        if let decided { return decided }
        let fills = LevelFill.fills(of: server.orders(of: account, on: level.venue), symbol: level.symbol)
        return level.judge.verdict(
            fills: fills, target: target, mark: server.quote(level.symbol, on: level.venue)?.last, finished: true)
    }

    /// Tells the monitor to end (if the daemon stopped first) and waits for it, if it started.
    private func finishMonitor(_ monitorDone: DispatchSemaphore) {
        let started = watch.withLock { watch in
            watch.finished = true
            return watch.monitorStarted
        }
        if started { monitorDone.wait() }
    }

    /// Judges every `judgeInterval` until the judge decides, time is up (the level's steps taken
    /// by the bots since the daemon started), or the run ends.
    private func monitor(
        server: VenueServer, account: Account, capped: [StrategyID], inbox: Inbox<LiveRunner.Message>,
        progress: @Sendable (String) -> Void
    ) {
        let judge = level.judge
        let start = DispatchTime.now()
        let startStep = server.botSteps
        var nextProgress = start + Self.progressInterval.dispatchInterval
        while watch.withLock({ !$0.finished }) {
            usleep(UInt32(Self.judgeInterval / .microseconds(1)))
            let fills = LevelFill.fills(of: server.orders(of: account, on: level.venue), symbol: level.symbol)
            var target = watch.withLock { $0.target }
            if judge.targetDue(judge.tally(fills), revealed: target), let fair = server.fairValue(of: level.symbol, on: level.venue),
               let revealed = judge.target(atFairValue: fair) {
                target = revealed
                watch.withLock { $0.target = revealed }
                reveal(revealed, to: capped, inbox: inbox)
                progress("target revealed: an average below \(revealed) (fair value \(fair))")
            }
            let now = DispatchTime.now()
            let steps = server.botSteps - startStep
            let timeUp = steps >= level.steps
            let verdict = judge.verdict(
                fills: fills, target: target, mark: server.quote(level.symbol, on: level.venue)?.last, finished: timeUp)
            if now >= nextProgress || verdict.outcome != .running {
                nextProgress = now + Self.progressInterval.dispatchInterval
                progress(progressLine(verdict, steps: steps))
            }
            if verdict.outcome != .running {
                watch.withLock { $0.decided = verdict }
                inbox.post(.stop("level \(level.name) \(verdict.outcome.rawValue)"))
                return
            }
        }
    }

    /// Sets `priceCapCents` to `target` on the `capped` strategies and asks the daemon to reload.
    private func reveal(_ target: Price, to capped: [StrategyID], inbox: Inbox<LiveRunner.Message>) {
        guard !capped.isEmpty else { return }
        reloadable.withLock { configuration in
            for index in configuration.strategies.indices where capped.contains(configuration.strategies[index].id) {
                configuration.strategies[index].parameters["priceCapCents"] = .integer(target.cents(rounded: .down))
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

    private func progressLine(_ verdict: LevelVerdict, steps: Int) -> String {
        let day = min(steps / max(level.stepsPerDay, 1) + 1, level.days)
        var line = "day \(day)/\(level.days): position \(verdict.positionShares), bought \(verdict.boughtShares), sold \(verdict.soldShares)"
        if let average = verdict.averageBuyPriceCents { line += ", average \(Price(cents: average))" }
        if let target = verdict.targetPriceCents { line += ", target \(Price(cents: target))" }
        line += ", profit \(Money(cents: verdict.profitCents))"
        if verdict.outcome != .running { line += " -> \(verdict.outcome.rawValue)" }
        return line
    }
}
