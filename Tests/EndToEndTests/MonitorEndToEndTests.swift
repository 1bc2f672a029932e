import Foundation
import HTTP
import Risk
import StrategyKit
import Testing
import TestSupport

#if canImport(Glibc)
import Glibc
#endif

/// The monitor of a daemon trading on the simulated exchange, over loopback: metrics and the
/// event stream as fills happen, the dashboard in a real browser, `tickwork status`, and the
/// refusal of an exposed monitor without a token.
@Suite(.serialized, .timeLimit(.minutes(10))) struct MonitorEndToEndTests {
    typealias Workspace = DaemonTests.Workspace

    static let monitor = #", "monitor": {"listen": "127.0.0.1:0"}"#

    /// A daemon whose monitor did not come up, with its log.
    struct NotServing: Error {
        var log: String
    }

    /// The monitor's `HOST:PORT` from the daemon's log line `monitor: serving address=...`.
    static func monitorAddress(_ daemon: SpawnedProcess) -> String? {
        for line in daemon.stderr.split(separator: "\n") where line.contains("monitor: serving") {
            guard let range = line.range(of: "address=") else { continue }
            return String(line[range.upperBound...].prefix { $0 != " " })
        }
        return nil
    }

    static func get(_ address: String, _ target: String, headers: HTTPHeaders = HTTPHeaders()) throws -> HTTPResponse {
        guard let host = HTTPAddress(parsing: address) else { throw NotServing(log: "no HOST:PORT in \(address)") }
        let connection = HTTPClientConnection(address: host, configuration: HTTPClientConfiguration(responseTimeout: .seconds(10)))
        defer { connection.close() }
        return try connection.send(HTTPRequest(method: "GET", target: target, headers: headers))
    }

    /// Starts a daemon on `workspace` with the monitor on, and waits until it serves a status.
    static func startDaemon(_ workspace: Workspace) throws -> (SpawnedProcess, String) {
        let daemon = try SpawnedProcess(["run", "--config", workspace.config], environment: DaemonTests.key)
        var address: String?
        daemon.wait(upTo: 30) {
            address = monitorAddress(daemon)
            return address.flatMap { try? get($0, "/api/status").status } == 200
        }
        guard let address else { throw NotServing(log: daemon.stderr) }
        return (daemon, address)
    }

    @Test func metricsMoveAndTheEventStreamDeliversAFillAsItsLedgerLineLands() throws {
        let exchange = try ExchangeFixture()
        defer { exchange.stop() }
        let workspace = try Workspace(exchange: exchange, quantity: 25, extra: Self.monitor)
        defer { workspace.remove() }
        let (daemon, address) = try Self.startDaemon(workspace)
        let fresh = try Self.get(address, "/api/events").bodyText
        let start = try #require(fresh.split(separator: "\n").first { $0.hasPrefix("id: ") }?.dropFirst(4))
        #expect(try Self.get(address, "/metrics").bodyText.contains("tickwork_fills_total") == true)
        #expect(!(try Self.get(address, "/metrics").bodyText.contains("tickwork_fills_total{")))

        try DaemonTests().provideLiquidity(exchange)
        #expect(daemon.wait(upTo: 30) { (try? workspace.ledgerFills().isEmpty) == false }, "\(daemon.stderr)")
        // Within a second of the ledger line, the stream resumed from before it has the fill.
        var stream = ""
        let delivered = daemon.wait(upTo: 1) {
            stream = (try? Self.get(address, "/api/events", headers: ["Last-Event-ID": String(start)]).bodyText) ?? ""
            return stream.contains("event: fill\n")
        }
        #expect(delivered, "no fill in the stream: \(stream)")
        let firstLine = try #require(try workspace.ledgerLines().first)
        #expect(stream.contains("\"sequence\":\(firstLine["seq"] as? Int ?? -1)"), "\(stream) \(firstLine)")

        let metrics = try Self.get(address, "/metrics").bodyText
        #expect(metrics.contains("tickwork_fills_total{strategy=\"fs\",symbol=\"FOOBAR\"} "))
        #expect(metrics.contains("tickwork_exchange_requests_total{endpoint=\"place\",outcome=\"ok\"} "))
        #expect(metrics.contains("tickwork_poll_latency_seconds_count "))
        daemon.send(SIGTERM)
        #expect(daemon.exitStatus(within: 15) == 0, "\(daemon.stderr)")
    }

    @Test func theDashboardShowsAFillAndDrawsTheChartInChromiumWithoutAnyOutsideRequest() throws {
        let exchange = try ExchangeFixture()
        defer { exchange.stop() }
        let workspace = try Workspace(exchange: exchange, quantity: 25, extra: Self.monitor)
        defer { workspace.remove() }
        let (daemon, address) = try Self.startDaemon(workspace)
        defer { daemon.send(SIGTERM); _ = daemon.exitStatus(within: 15) }
        let screenshot = TickworkProcess.packageRoot + "/.build/monitor-dashboard.png"
        try? FileManager.default.removeItem(atPath: screenshot)
        let browser = try HeadlessChromium.start("http://\(address)/", screenshot: screenshot, wait: 30)
        #expect(browser.wait(upTo: 60) { browser.stdout.contains("loaded\n") }, "\(browser.stderr)")
        // Only now is there liquidity: the fill reaches the page while it is open.
        #expect(try workspace.ledgerFills().isEmpty)
        try DaemonTests().provideLiquidity(exchange)
        #expect(browser.exitStatus(within: 90) == 0, "\(browser.stderr)")
        let last = try #require(browser.stdout.split(separator: "\n").last)
        let result = try #require(try JSONSerialization.jsonObject(with: Data(last.utf8)) as? [String: Any])
        #expect((result["fills"] as? Int ?? 0) > 0, "\(result)")
        #expect(result["chart"] as? String == "drawn", "\(result)")
        let requests = result["requests"] as? [String] ?? []
        #expect(requests.contains("http://\(address)/api/status"))
        // The event stream answers and ends; the browser comes back for more with Last-Event-ID.
        #expect(requests.count { $0 == "http://\(address)/api/events" } >= 2, "\(requests)")
        let outside = requests.filter { !$0.hasPrefix("http://\(address)/") }
        #expect(outside.isEmpty, "requests outside the daemon: \(outside)")
        #expect(FileManager.default.fileExists(atPath: screenshot))
    }

    @Test func statusExitsZeroWhileTradingOneWhenUnreachableTwoWhenHalted() throws {
        let exchange = try ExchangeFixture()
        defer { exchange.stop() }
        let workspace = try Workspace(exchange: exchange, quantity: 25, extra: Self.monitor)
        defer { workspace.remove() }
        let (daemon, address) = try Self.startDaemon(workspace)
        let trading = try TickworkProcess.run(["status", "--url", "http://\(address)"])
        #expect(trading.status == 0, "\(trading.stderr)")
        #expect(trading.stdout.contains("TESTEX, account EXB123456: active"), "\(trading.stdout)")
        let json = try TickworkProcess.run(["status", "--url", "http://\(address)", "--json"])
        let document = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
        #expect(document?["venue"] as? String == "TESTEX")
        daemon.send(SIGTERM)
        #expect(daemon.exitStatus(within: 15) == 0)
        let gone = try TickworkProcess.run(["status", "--url", "http://\(address)"])
        #expect(gone.status == 1)
        #expect(gone.stderr.contains("http://\(address)/api/status"))

        // The account halted before the start: the daemon runs, and says it is halted.
        let halted = RiskState(account: TradingStatus(state: .halted, code: .manual, since: Timestamp(nanoseconds: 1)))
        try JSONEncoder().encode(halted).write(to: URL(fileURLWithPath: workspace.directory + "/risk.json"))
        let (second, secondAddress) = try Self.startDaemon(workspace)
        let stopped = try TickworkProcess.run(["status", "--url", "http://\(secondAddress)"])
        #expect(stopped.status == 2, "\(stopped.stdout) \(stopped.stderr)")
        #expect(stopped.stdout.contains("halted (RISK_MANUAL)"))
        second.send(SIGTERM)
        #expect(second.exitStatus(within: 15) == 0)
        #expect(try TickworkProcess.run(["status", "--url", "localhost:1"]).status == 64)
    }

    @Test func aMonitorOffLoopbackWithoutATokenIsRefusedAtStart() throws {
        let exchange = try ExchangeFixture()
        defer { exchange.stop() }
        let workspace = try Workspace(exchange: exchange, extra: #", "monitor": {"listen": "0.0.0.0:0"}"#)
        defer { workspace.remove() }
        let result = try TickworkProcess.run(["run", "--config", workspace.config], environment: DaemonTests.key, timeout: 30)
        #expect(result.status == 1)
        #expect(result.stderr.contains("monitor.listen: 0.0.0.0:0 is not a loopback address"), "\(result.stderr)")
    }
}
