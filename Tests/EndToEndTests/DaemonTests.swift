import Foundation
import Risk
import StrategyKit
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// `tickwork run` as a user runs it: against a separately started `tickwork exchange`, with
/// another account providing liquidity, ended by signals.
@Suite(.serialized) struct DaemonTests {
    /// The open exchange takes any key; the daemon still insists on having one.
    static let key = ["TICKWORK_API_KEY": "test-key"]

    /// A temporary directory with a configuration trading FirstSteps against `exchange`.
    struct Workspace {
        let directory: String
        let config: String
        var ledger: String { directory + "/ledger.jsonl" }

        init(exchange: ExchangeFixture, quantity: Int = 100, extra: String = "") throws {
            directory = NSTemporaryDirectory() + "tickwork-daemon-" + UUID().uuidString
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            config = directory + "/tickwork.json"
            try write(quantity: quantity, extra: extra, exchange: exchange)
        }

        func write(quantity: Int, extra: String = "", exchange: ExchangeFixture) throws {
            let text = """
                {"version": 1,
                 "exchange": {"baseURL": "\(exchange.baseURL)", "venue": "TESTEX", "account": "EXB123456"},
                 "pollIntervalMs": 50,
                 "strategies": [{"id": "fs", "plugin": "FirstSteps", "symbols": ["FOOBAR"],
                                 "parameters": {"quantity": \(quantity), "maxOrderQty": 30}}],
                 "ledger": {"path": "\(ledger)", "fsync": "always"},
                 "riskStatePath": "\(directory)/risk.json"\(extra)}
                """
            try text.write(toFile: config, atomically: true, encoding: .utf8)
        }

        /// The ledger's fills as (order id, index, price, qty), sorted.
        func ledgerFills() throws -> [[Int]] {
            guard let text = try? String(contentsOfFile: ledger, encoding: .utf8) else { return [] }
            return try text.split(separator: "\n").map { line in
                let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] ?? [:]
                return [object["order"] as? Int ?? -1, object["index"] as? Int ?? -1, object["price"] as? Int ?? -1, object["qty"] as? Int ?? -1]
            }.sorted { $0.lexicographicallyPrecedes($1) }
        }

        func bought() throws -> Int { try ledgerFills().reduce(0) { $0 + $1[3] } }

        func remove() { try? FileManager.default.removeItem(atPath: directory) }
    }

    /// Sellers' asks at $50.00 (several orders, so the daemon's buys fill in parts) and a bid
    /// below, so the book has a mid for the risk checker's price collar.
    func provideLiquidity(_ exchange: ExchangeFixture, asks: Int = 6) throws {
        try exchange.place(account: "SELLER", side: "buy", price: 4_990, qty: 10)
        for _ in 0..<asks {
            try exchange.place(account: "SELLER", side: "sell", price: 5_000, qty: 25)
        }
    }

    @Test func tradesUntilSIGTERMThenLeavesNothingOpenAndTheLedgerMatchesTheExchange() throws {
        let exchange = try ExchangeFixture()
        defer { exchange.stop() }
        let workspace = try Workspace(exchange: exchange)
        defer { workspace.remove() }
        try provideLiquidity(exchange)
        let daemon = try SpawnedProcess(["run", "--config", workspace.config], environment: Self.key)
        #expect(daemon.wait(upTo: 30) { (try? workspace.bought()) == 100 }, "bought \((try? workspace.bought()) ?? -1): \(daemon.stderr)")
        daemon.send(SIGTERM)
        #expect(daemon.exitStatus(within: 10) == 0)
        #expect(daemon.stderr.contains("ready"))
        let open = try exchange.orders(of: "EXB123456").filter { $0["open"] as? Bool == true }
        #expect(open.isEmpty)
        #expect(try workspace.ledgerFills() == exchange.fills(of: "EXB123456"))
    }

    @Test func afterSIGKILLARestartLosesNothingAndRecordsNothingTwice() throws {
        let exchange = try ExchangeFixture()
        defer { exchange.stop() }
        let workspace = try Workspace(exchange: exchange, quantity: 150)
        defer { workspace.remove() }
        try provideLiquidity(exchange, asks: 2)
        let first = try SpawnedProcess(["run", "--config", workspace.config], environment: Self.key)
        #expect(first.wait(upTo: 30) { (try? workspace.bought()) ?? 0 >= 50 })
        first.send(SIGKILL)
        _ = first.exitStatus(within: 10)
        // While the daemon is down the market moves: its resting buy (if any) may fill.
        try provideLiquidity(exchange, asks: 6)
        let second = try SpawnedProcess(["run", "--config", workspace.config], environment: Self.key)
        #expect(second.wait(upTo: 30) { (try? workspace.bought()) == 150 }, "\(second.stderr)")
        second.send(SIGTERM)
        #expect(second.exitStatus(within: 10) == 0)
        #expect(second.stderr.contains("reconciled with the exchange"))
        let ledger = try workspace.ledgerFills()
        #expect(ledger == (try exchange.fills(of: "EXB123456")))
        #expect(Set(ledger.map { [$0[0], $0[1]] }).count == ledger.count, "a fill recorded twice")
    }

    @Test func sighupAppliesANewParameterWithoutARestart() throws {
        let exchange = try ExchangeFixture()
        defer { exchange.stop() }
        let workspace = try Workspace(exchange: exchange, quantity: 30)
        defer { workspace.remove() }
        try provideLiquidity(exchange)
        let daemon = try SpawnedProcess(["run", "--config", workspace.config], environment: Self.key)
        #expect(daemon.wait(upTo: 30) { (try? workspace.bought()) == 30 })
        try workspace.write(quantity: 80, exchange: exchange)
        daemon.send(SIGHUP)
        #expect(daemon.wait(upTo: 30) { (try? workspace.bought()) == 80 }, "\(daemon.stderr)")
        #expect(daemon.wait(upTo: 10) { daemon.stderr.contains("configuration reloaded") })
        daemon.send(SIGTERM)
        #expect(daemon.exitStatus(within: 10) == 0)
    }

    @Test func anInvalidReloadIsRefusedAndTradingGoesOn() throws {
        let exchange = try ExchangeFixture()
        defer { exchange.stop() }
        let workspace = try Workspace(exchange: exchange, quantity: 30)
        defer { workspace.remove() }
        let daemon = try SpawnedProcess(["run", "--config", workspace.config], environment: Self.key)
        #expect(daemon.wait(upTo: 30) { daemon.stderr.contains("ready") })
        try "{\"version\": 1, \"bogus\": true}".write(toFile: workspace.config, atomically: true, encoding: .utf8)
        daemon.send(SIGHUP)
        #expect(daemon.wait(upTo: 10) { daemon.stderr.contains("reload refused") })
        #expect(daemon.process.isRunning)
        daemon.send(SIGTERM)
        #expect(daemon.exitStatus(within: 10) == 0)
    }

    @Test func aBadConfigurationIsRefusedAtStartNamingTheKey() throws {
        let exchange = try ExchangeFixture()
        defer { exchange.stop() }
        let workspace = try Workspace(exchange: exchange, extra: #", "risk": {"maxOrderQty": 0}"#)
        defer { workspace.remove() }
        let result = try TickworkProcess.run(["run", "--config", workspace.config], timeout: 20)
        #expect(result.status == 1)
        #expect(result.stderr == "tickwork: \(workspace.config): risk.maxOrderQty: expected a positive integer, got 0\n")
    }

    @Test func systemdHearsReadyStatusWatchdogAndStopping() throws {
        let exchange = try ExchangeFixture()
        defer { exchange.stop() }
        let workspace = try Workspace(exchange: exchange)
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
        #expect(daemon.exitStatus(within: 10) == 0)
        #expect(messages.contains { $0.hasPrefix("READY=1") })
        #expect(messages.contains { $0.hasPrefix("STATUS=") })
        #expect(messages.contains("WATCHDOG=1"))
        #expect(messages.contains("STOPPING=1"))
        // Under the journal, lines carry priority prefixes and no timestamps.
        #expect(daemon.stderr.split(separator: "\n").contains { $0.hasPrefix("<6>engine: ready") })
    }
}

extension DaemonTests {
    @Test func aHaltSurvivesRestartsUntilResumeAndSIGHUP() throws {
        let exchange = try ExchangeFixture()
        defer { exchange.stop() }
        let workspace = try Workspace(exchange: exchange, quantity: 30)
        defer { workspace.remove() }
        var checker = RiskChecker(limits: [:], accountLimits: AccountRiskLimits(maxSymbolPosition: 1_000, maxLoss: 1_000))
        _ = checker.setState(.halted, for: .strategy("fs"), now: Timestamp(nanoseconds: 1))
        try JSONEncoder().encode(checker.state).write(to: URL(fileURLWithPath: workspace.directory + "/risk.json"))
        try provideLiquidity(exchange)
        let daemon = try SpawnedProcess(["run", "--config", workspace.config], environment: Self.key)
        #expect(daemon.wait(upTo: 30) { daemon.stderr.contains("RISK_HALTED") }, "\(daemon.stderr)")
        #expect(try workspace.bought() == 0)
        let resume = try TickworkProcess.run(["resume", "--config", workspace.config, "--strategy", "fs"])
        #expect(resume.status == 0)
        #expect(resume.stdout.contains("halted -> active"))
        daemon.send(SIGHUP)
        #expect(daemon.wait(upTo: 30) { (try? workspace.bought()) == 30 }, "\(daemon.stderr)")
        #expect(daemon.wait(upTo: 10) { daemon.stderr.contains("trading resumed") })
        daemon.send(SIGTERM)
        #expect(daemon.exitStatus(within: 10) == 0)
    }
}
