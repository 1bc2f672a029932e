import Foundation
import HTTP
import Testing
import TestSupport

/// `tickwork halt`, `reduce-only`, `flatten` and `resume` on a daemon trading on the simulated
/// exchange: through the control socket, through the monitor behind its token, and written into
/// the state file when no daemon runs; the states kept across SIGKILL and restart.
@Suite(.processHeavy, .serialized, .timeLimit(.minutes(10))) struct OperatorControlTests {
    /// MarketMaker resting a bid and an ask of 20, 5 cents either side of the mid.
    static let marketMaker = """
        [{"id": "mm", "plugin": "MarketMaker", "symbols": ["FOOBAR"],
          "parameters": {"reference": "mid", "halfSpreadCents": 5, "quoteSize": 20, "positionLimit": 100, "requoteCents": 50}}]
        """

    /// Another account's bid at $49.90 and ask at $50.10, 100 each: a mid for the quotes, and a
    /// bid for a flatten's sell to fill against.
    static func provideLiquidity(_ exchange: ExchangeFixture) throws {
        try exchange.place(account: "SELLER", side: "buy", price: 4_990, qty: 100)
        try exchange.place(account: "SELLER", side: "sell", price: 5_010, qty: 100)
    }

    /// `tickwork COMMAND --config CONFIG ARGUMENTS`.
    static func control(_ command: String, _ workspace: DaemonWorkspace, _ arguments: [String] = []) async throws -> TickworkProcess.Result {
        try await TickworkProcess.run([command, "--config", workspace.config] + arguments)
    }

    /// The `--json` report of `tickwork COMMAND`.
    static func report(_ command: String, _ workspace: DaemonWorkspace, _ arguments: [String] = []) async throws -> [String: Any] {
        let result = try await control(command, workspace, arguments + ["--json"])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        return try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any] ?? [:]
    }

    static func outcome(_ report: [String: Any]) -> [String: Any] { report["outcome"] as? [String: Any] ?? [:] }
    static func strategies(_ report: [String: Any]) -> [String: String] { outcome(report)["strategies"] as? [String: String] ?? [:] }

    static func startDaemon(_ workspace: DaemonWorkspace, environment: [String: String] = [:]) async throws -> SpawnedProcess {
        let daemon = try SpawnedProcess(["run", "--config", workspace.config], environment: DaemonTests.key.merging(environment) { $1 })
        #expect(await daemon.wait(upTo: 30) { daemon.stderr.contains("engine: ready") }, "\(daemon.stderr)")
        return daemon
    }

    /// A daemon quoting with MarketMaker against another account's liquidity, once both its quotes
    /// rest, with the exchange and workspace (`extra` and `environment` as for the workspace and
    /// the daemon); the caller stops the exchange and removes the workspace.
    static func quoting(extra: String = "", environment: [String: String] = [:]) async throws
        -> (exchange: ExchangeFixture, workspace: DaemonWorkspace, daemon: SpawnedProcess)
    {
        let exchange = try await ExchangeFixture()
        try provideLiquidity(exchange)
        let workspace = try DaemonWorkspace(exchange: exchange, strategies: marketMaker, extra: extra)
        let daemon = try await startDaemon(workspace, environment: environment)
        #expect(await daemon.wait(upTo: 30) { (try? exchange.openOrders(of: "EXB123456").count) == 2 }, "\(daemon.stderr)")
        return (exchange, workspace, daemon)
    }

    /// The account's position as the exchange's orders add it up.
    static func position(_ exchange: ExchangeFixture) throws -> Int {
        try exchange.orders(of: "EXB123456").reduce(0) { total, order in
            let filled = order["totalFilled"] as? Int ?? 0
            return total + (order["direction"] as? String == "buy" ? filled : -filled)
        }
    }

    @Test func aHaltCancelsTheQuotesAndTheStatesSurviveSIGKILLUntilResumed() async throws {
        let (exchange, workspace, daemon) = try await Self.quoting()
        defer { exchange.stop() }
        defer { workspace.remove() }

        let halt = try await Self.control("halt", workspace, ["--reason", "operator test"])
        #expect(halt.status == 0, "\(halt.stderr)")
        #expect(halt.stdout.contains("account: active -> halted; 2 cancels sent (daemon, \(workspace.directory)/tickwork.sock)"), "\(halt.stdout)")
        #expect(await daemon.wait(upTo: 30) { (try? exchange.openOrders(of: "EXB123456").isEmpty) == true }, "\(daemon.stderr)")
        #expect(daemon.stderr.contains(#"operator command command="halt account (reason: operator test)" from="uid \#(getuid()) pid"#), "\(daemon.stderr)")

        daemon.send(SIGKILL)
        _ = await daemon.exitStatus(within: 10)
        let second = try await Self.startDaemon(workspace)
        let again = try await Self.report("halt", workspace)
        #expect(again["via"] as? String == "daemon")
        #expect(Self.outcome(again)["message"] as? String == "account is halted already", "the halt survived the kill")
        #expect(Self.strategies(try await Self.report("reduce-only", workspace, ["--strategy", "mm"])) == ["mm": "reducing"])

        second.send(SIGKILL)
        _ = await second.exitStatus(within: 10)
        let third = try await Self.startDaemon(workspace)
        let resumed = try await Self.report("resume", workspace)
        #expect(Self.outcome(resumed)["account"] as? String == "active")
        #expect(Self.strategies(resumed) == ["mm": "reducing"], "reduce-only survived the kill too")
        #expect(Self.strategies(try await Self.report("resume", workspace, ["--strategy", "mm"])) == ["mm": "active"])
        #expect(await third.wait(upTo: 30) { (try? exchange.openOrders(of: "EXB123456").count) == 2 }, "trading again: \(third.stderr)")
        third.send(SIGTERM)
        #expect(await third.exitStatus(within: 15) == 0)
        #expect(!FileManager.default.fileExists(atPath: workspace.directory + "/tickwork.sock"), "the socket goes with the daemon")
    }

    @Test func aFlattenWithRestingQuotesAndAFillInFlightClosesExactlyThePosition() async throws {
        let (exchange, workspace, daemon) = try await Self.quoting()
        defer { exchange.stop() }
        defer { workspace.remove() }
        // Another account sells 8 into the bid, and the flatten follows at once: the fill may
        // reach the daemon only with the cancel's answer.
        let bid = try #require(try exchange.openOrders(of: "EXB123456").first { $0["direction"] as? String == "buy" })
        _ = try exchange.place(account: "TAKER", side: "sell", price: bid["price"] as? Int ?? 0, qty: 8, type: "immediate-or-cancel")
        let flatten = try await Self.control("flatten", workspace)
        #expect(flatten.status == 0, "\(flatten.stderr)")
        #expect(flatten.stdout.contains("account: active -> reducing; flattening"), "\(flatten.stdout)")
        #expect(await daemon.wait(upTo: 30) { daemon.stderr.contains("flatten done: flat") }, "\(daemon.stderr)")
        #expect(await daemon.wait(upTo: 30) { (try? exchange.openOrders(of: "EXB123456").isEmpty) == true }, "\(daemon.stderr)")
        let orders = try exchange.orders(of: "EXB123456")
        #expect(try Self.position(exchange) == 0, "closed exactly what was held: \(orders)")
        #expect(daemon.stderr.contains("flatten: closing order sent strategy=mm symbol=FOOBAR side=sell qty=8"), "\(daemon.stderr)")
        daemon.send(SIGTERM)
        #expect(await daemon.exitStatus(within: 15) == 0)
        #expect(try workspace.ledgerFills() == exchange.fills(of: "EXB123456"), "the ledger booked every fill")
    }

    @Test func onTheMonitorControlTakesTheRightTokenOnly() async throws {
        let (exchange, workspace, daemon) = try await Self.quoting(
            extra: #", "monitor": {"listen": "127.0.0.1:0", "tokenEnv": "TICKWORK_MONITOR_TOKEN"}"#,
            environment: ["TICKWORK_MONITOR_TOKEN": "s3cret"])
        defer { exchange.stop() }
        defer { workspace.remove() }
        let address = try #require(HTTPAddress(parsing: MonitorEndToEndTests.monitorAddress(daemon) ?? ""))
        func post(_ route: String, token: String?, body: String = "") throws -> HTTPResponse {
            let connection = HTTPClientConnection(address: address)
            defer { connection.close() }
            var headers: HTTPHeaders = ["Content-Type": "application/json"]
            if let token { headers.set(name: "Authorization", value: "Bearer \(token)") }
            return try connection.send(HTTPRequest(method: "POST", target: "/api/control/" + route, headers: headers, body: Array(body.utf8)))
        }
        #expect(try post("halt", token: nil).status == 401)
        #expect(try post("halt", token: "s3cre").status == 401)
        #expect(try post("halt", token: "s3cret!").status == 401)
        #expect(try exchange.openOrders(of: "EXB123456").count == 2, "refused requests change nothing")
        let halted = try post("halt", token: "s3cret", body: #"{"strategy": "mm", "reason": "from the monitor"}"#)
        #expect(halted.status == 200)
        let outcome = try JSONSerialization.jsonObject(with: Data(halted.body)) as? [String: Any] ?? [:]
        #expect(outcome["strategies"] as? [String: String] == ["mm": "halted"], "\(outcome)")
        #expect(await daemon.wait(upTo: 30) { (try? exchange.openOrders(of: "EXB123456").isEmpty) == true }, "\(daemon.stderr)")
        #expect(try post("reduce-only", token: "s3cret", body: #"{"strategy": "mm"}"#).status == 200)
        #expect(try post("flatten", token: "s3cret", body: #"{"strategy": "mm"}"#).status == 200)
        #expect(await daemon.wait(upTo: 30) { daemon.stderr.contains("flatten done: flat") }, "\(daemon.stderr)")
        #expect(try post("flatten", token: "s3cret", body: #"{"strategy": "nobody"}"#).status == 409)
        let refusals = daemon.stderr.split(separator: "\n").filter { $0.contains("control request refused") }
        #expect(refusals.count == 3 && refusals.allSatisfy { $0.contains(#"from="monitor client 127.0.0.1:"#) }, "\(daemon.stderr)")
        daemon.send(SIGTERM)
        #expect(await daemon.exitStatus(within: 15) == 0)
    }

    @Test func withNoDaemonTheStatesGoIntoTheFileAndFlattenRefuses() async throws {
        let exchange = try await ExchangeFixture()
        defer { exchange.stop() }
        let workspace = try DaemonWorkspace(exchange: exchange, strategies: Self.marketMaker)
        defer { workspace.remove() }
        // A process holding the ledger and serving no socket (as a daemon of an older version):
        // the change is refused, not written where that daemon would overwrite it.
        #expect(FileManager.default.createFile(atPath: workspace.ledger, contents: nil))
        let holder = open(workspace.ledger, O_RDONLY)
        #expect(flock(holder, LOCK_EX) == 0)
        let refused = try await Self.control("halt", workspace)
        close(holder)
        #expect(refused.status == 1)
        #expect(refused.stderr.hasPrefix("tickwork: halt: a daemon holds the ledger \(workspace.ledger) but none answers on"), "\(refused.stderr)")
        #expect(!FileManager.default.fileExists(atPath: workspace.directory + "/risk.json"))
        try FileManager.default.removeItem(atPath: workspace.ledger)

        let halt = try await Self.control("halt", workspace, ["--strategy", "mm"])
        #expect(halt.status == 0)
        #expect(halt.stdout == "strategy mm: active -> halted in \(workspace.directory)/risk.json (no daemon answers on \(workspace.directory)/tickwork.sock; a daemon reads it when it starts)\n")
        let reduce = try await Self.report("reduce-only", workspace)
        #expect(reduce["via"] as? String == "state-file" && Self.outcome(reduce)["account"] as? String == "reducing")
        #expect(Self.strategies(reduce) == ["mm": "halted"])
        let flatten = try await Self.control("flatten", workspace)
        #expect(flatten.status == 1)
        #expect(flatten.stderr == "tickwork: flatten needs the running daemon: none answers on \(workspace.directory)/tickwork.sock\n")
        let usage = try await Self.control("halt", workspace, ["--strategy"])
        #expect(usage.status == 64)
        // The daemon starts halted and reducing as the file says.
        let daemon = try await Self.startDaemon(workspace)
        let state = try await Self.report("resume", workspace, ["--strategy", "mm"])
        #expect(Self.outcome(state)["account"] as? String == "reducing" && Self.strategies(state) == ["mm": "active"])
        daemon.send(SIGTERM)
        #expect(await daemon.exitStatus(within: 15) == 0)
    }
}
