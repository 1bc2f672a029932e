import Foundation
import Risk
import StrategyKit
import Testing
import TestSupport

#if canImport(Glibc)
import Glibc
#endif

/// `tickwork run` as a user runs it: against a separately started `tickwork exchange`, with
/// another account providing liquidity, ended by signals.
@Suite(.processHeavy, .serialized, .timeLimit(.minutes(10))) struct DaemonTests {
    /// The open exchange takes any key; the daemon still insists on having one.
    static let key = ["TICKWORK_API_KEY": "test-key"]


    /// Sellers' asks at $50.00 (several orders, so the daemon's buys fill in parts) and a bid
    /// below, so the book has a mid for the risk checker's price collar.
    func provideLiquidity(_ exchange: ExchangeFixture, asks: Int = 6) throws {
        try exchange.place(account: "SELLER", side: "buy", price: 4_990, qty: 10)
        for _ in 0..<asks {
            try exchange.place(account: "SELLER", side: "sell", price: 5_000, qty: 25)
        }
    }

    @Test func tradesUntilSIGTERMThenLeavesNothingOpenAndTheLedgerMatchesTheExchange() async throws {
        let exchange = try await ExchangeFixture()
        defer { exchange.stop() }
        let workspace = try DaemonWorkspace(exchange: exchange)
        defer { workspace.remove() }
        try provideLiquidity(exchange)
        let daemon = try SpawnedProcess(["run", "--config", workspace.config], environment: Self.key)
        #expect(await daemon.wait(upTo: 30) { workspace.bought() == 100 }, "bought \(workspace.bought()): \(daemon.stderr)")
        // The history beside the ledger is read while the daemon writes it (WAL: no waiting).
        let history = workspace.directory + "/ledger.history.sqlite"
        let fills = try workspace.ledgerLines().count
        #expect(await daemon.wait(upTo: 30) { await Self.historyFills(history) == fills }, "history: \(daemon.stderr)")
        daemon.send(SIGTERM)
        #expect(await daemon.exitStatus(within: 10) == 0)
        #expect(daemon.stderr.contains("ready"))
        let open = try exchange.orders(of: "EXB123456").filter { $0["open"] as? Bool == true }
        #expect(open.isEmpty)
        #expect(try workspace.ledgerFills() == exchange.fills(of: "EXB123456"))
        #expect(await Self.historyFills(history) == (try workspace.ledgerLines().count))
    }

    /// The number of fills `tickwork history sql` counts in the database at `path`; nil when it
    /// cannot read it (not made yet).
    static func historyFills(_ path: String) async -> Int? {
        guard let result = try? await TickworkProcess.run(["history", "sql", "--db", path, "--csv", "SELECT count(*) FROM fills"]),
              result.status == 0 else { return nil }
        return Int(result.stdout.split(separator: "\n").last ?? "")
    }

    /// MarketMaker quoting 50 shares 10 cents either side of the mid: at $49.90 and $50.10 in
    /// the market of `openWideMarket`, the only orders near the touch.
    static let marketMaker = """
        [{"id": "mm", "plugin": "MarketMaker", "symbols": ["FOOBAR"],
          "parameters": {"halfSpreadCents": 10, "quoteSize": 50, "reference": "mid"}}]
        """

    /// Another account's bid and ask a dollar either side of $50.00.
    static func openWideMarket(_ exchange: ExchangeFixture) throws {
        try exchange.place(account: "SELLER", side: "buy", price: 4_900, qty: 100)
        try exchange.place(account: "SELLER", side: "sell", price: 5_100, qty: 100)
    }

    /// Whether `marketMaker` is quiet at `exchange`: one untouched 50-share quote on each side
    /// and nothing else open, so no request of the daemon is in flight.
    static func quotesRest(at exchange: ExchangeFixture) -> Bool {
        let open = try? exchange.openOrders(of: "EXB123456").map { "\($0["direction"] ?? "") \($0["qty"] ?? "")" }
        return open?.sorted() == ["buy 50", "sell 50"]
    }

    @Test func afterSIGKILLTheFillsOfTheDowntimeAreBookedOnceAsReconciled() async throws {
        let exchange = try await ExchangeFixture()
        defer { exchange.stop() }
        let workspace = try DaemonWorkspace(exchange: exchange, strategies: Self.marketMaker)
        defer { workspace.remove() }
        try Self.openWideMarket(exchange)
        let account = "EXB123456"
        let quoting = { Self.quotesRest(at: exchange) }
        let first = try SpawnedProcess(["run", "--config", workspace.config], environment: Self.key)
        #expect(await first.wait(upTo: 30, for: quoting), "no quotes: \(first.stderr)")
        // One fill seen live (the bid is then replaced by a whole one), so that the ledger
        // holds a fill from before the kill.
        try exchange.place(account: "TAKER", side: "sell", price: 4_990, qty: 20, type: "immediate-or-cancel")
        #expect(await first.wait(upTo: 30) { (try? workspace.ledgerFills().count) == 1 && quoting() }, "\(first.stderr)")
        first.send(SIGKILL)
        _ = await first.exitStatus(within: 10)
        let atKill = try workspace.ledgerLines().map(DaemonWorkspace.fill)
        // While the daemon is down, the other account trades through both resting quotes.
        #expect(try exchange.trade(through: account, as: "TAKER", share: { min($0, 15) }) == 30)
        let missed = try exchange.fills(of: account).filter { !atKill.contains($0) }
        #expect(missed.count == 2)
        let second = try SpawnedProcess(["run", "--config", workspace.config], environment: Self.key)
        #expect(await second.wait(upTo: 30) { second.stderr.contains("engine: ready") && quoting() }, "\(second.stderr)")
        second.send(SIGTERM)
        #expect(await second.exitStatus(within: 10) == 0)
        #expect(try workspace.ledgerLines().prefix(atKill.count).map(DaemonWorkspace.fill) == atKill, "the ledger changed before its end")
        #expect(try workspace.reconciledFills() == missed)
        let ledger = try workspace.ledgerFills()
        #expect(ledger == (try exchange.fills(of: account)))
        #expect(Set(ledger.map { [$0[0], $0[1]] }).count == ledger.count, "a fill recorded twice")
        let leftOpen = try exchange.openOrders(of: account)
        #expect(leftOpen.isEmpty, "\(leftOpen) \(second.stderr)")
    }

    @Test func sighupAppliesANewParameterWithoutARestart() async throws {
        let exchange = try await ExchangeFixture()
        defer { exchange.stop() }
        let workspace = try DaemonWorkspace(exchange: exchange, quantity: 30)
        defer { workspace.remove() }
        try provideLiquidity(exchange)
        let daemon = try SpawnedProcess(["run", "--config", workspace.config], environment: Self.key)
        #expect(await daemon.wait(upTo: 30) { workspace.bought() == 30 })
        try workspace.write(exchange: exchange, strategies: DaemonWorkspace.firstSteps(quantity: 80))
        daemon.send(SIGHUP)
        #expect(await daemon.wait(upTo: 30) { workspace.bought() == 80 }, "\(daemon.stderr)")
        #expect(await daemon.wait(upTo: 10) { daemon.stderr.contains("configuration reloaded") })
        daemon.send(SIGTERM)
        #expect(await daemon.exitStatus(within: 10) == 0)
    }

    @Test func anInvalidReloadIsRefusedAndTradingGoesOn() async throws {
        let exchange = try await ExchangeFixture()
        defer { exchange.stop() }
        let workspace = try DaemonWorkspace(exchange: exchange, quantity: 30)
        defer { workspace.remove() }
        let daemon = try SpawnedProcess(["run", "--config", workspace.config], environment: Self.key)
        #expect(await daemon.wait(upTo: 30) { daemon.stderr.contains("ready") })
        try "{\"version\": 1, \"bogus\": true}".write(toFile: workspace.config, atomically: true, encoding: .utf8)
        daemon.send(SIGHUP)
        #expect(await daemon.wait(upTo: 10) { daemon.stderr.contains("reload refused") })
        #expect(daemon.process.isRunning)
        daemon.send(SIGTERM)
        #expect(await daemon.exitStatus(within: 10) == 0)
    }

    @Test func aBadConfigurationIsRefusedAtStartNamingTheKey() async throws {
        let exchange = try await ExchangeFixture()
        defer { exchange.stop() }
        let workspace = try DaemonWorkspace(exchange: exchange, extra: #", "risk": {"maxOrderQty": 0}"#)
        defer { workspace.remove() }
        let result = try await TickworkProcess.run(["run", "--config", workspace.config], timeout: 20)
        #expect(result.status == 1)
        #expect(result.stderr == "tickwork: \(workspace.config): risk.maxOrderQty: expected a positive integer, got 0\n")
    }

    @Test func systemdHearsReadyStatusWatchdogAndStopping() async throws {
        let exchange = try await ExchangeFixture()
        defer { exchange.stop() }
        let workspace = try DaemonWorkspace(exchange: exchange)
        defer { workspace.remove() }
        let socket = try NotifyListener()
        let daemon = try SpawnedProcess(
            ["run", "--config", workspace.config],
            environment: Self.key.merging(["NOTIFY_SOCKET": socket.path, "WATCHDOG_USEC": "400000", "JOURNAL_STREAM": "8:1"]) { $1 })
        var messages: [String] = []
        let deadline = Date().addingTimeInterval(20)
        while Date() < deadline, !(messages.contains { $0.hasPrefix("READY=1") } && messages.contains("WATCHDOG=1")
            && messages.contains { $0.hasPrefix("STATUS=") }) {
            if let message = socket.receive() { messages.append(message) }
        }
        daemon.send(SIGTERM)
        while Date() < deadline.addingTimeInterval(10), !messages.contains("STOPPING=1") {
            if let message = socket.receive() { messages.append(message) }
        }
        #expect(await daemon.exitStatus(within: 10) == 0)
        #expect(messages.contains { $0.hasPrefix("READY=1") })
        #expect(messages.contains { $0.hasPrefix("STATUS=") })
        #expect(messages.contains("WATCHDOG=1"))
        #expect(messages.contains("STOPPING=1"))
        // Under the journal, lines carry priority prefixes and no timestamps.
        #expect(daemon.stderr.split(separator: "\n").contains { $0.hasPrefix("<6>engine: ready") })
    }
}

extension DaemonTests {
    @Test func aHaltSurvivesRestartsUntilResumeReachesTheRunningDaemon() async throws {
        let exchange = try await ExchangeFixture()
        defer { exchange.stop() }
        let workspace = try DaemonWorkspace(exchange: exchange, quantity: 30)
        defer { workspace.remove() }
        var checker = RiskChecker(limits: [:], accountLimits: AccountRiskLimits(maxSymbolPosition: 1_000, maxLoss: 1_000))
        _ = checker.setState(.halted, for: .strategy("fs"), now: Timestamp(nanoseconds: 1))
        try JSONEncoder().encode(checker.state).write(to: URL(fileURLWithPath: workspace.directory + "/risk.json"))
        try provideLiquidity(exchange)
        let daemon = try SpawnedProcess(["run", "--config", workspace.config], environment: Self.key)
        #expect(await daemon.wait(upTo: 30) { daemon.stderr.contains("RISK_HALTED") }, "\(daemon.stderr)")
        #expect(workspace.bought() == 0)
        let resume = try await TickworkProcess.run(["resume", "--config", workspace.config, "--strategy", "fs"])
        #expect(resume.status == 0)
        #expect(resume.stdout.contains("strategy fs: halted -> active (daemon, "), "\(resume.stdout)")
        #expect(await daemon.wait(upTo: 30) { workspace.bought() == 30 }, "\(daemon.stderr)")
        #expect(daemon.stderr.contains(#"operator command command="resume strategy fs""#))
        daemon.send(SIGTERM)
        #expect(await daemon.exitStatus(within: 10) == 0)
    }
}
