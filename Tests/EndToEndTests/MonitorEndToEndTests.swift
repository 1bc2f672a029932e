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
@Suite(.processHeavy, .serialized, .timeLimit(.minutes(10))) struct MonitorEndToEndTests {

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
    static func startDaemon(_ workspace: DaemonWorkspace) async throws -> (SpawnedProcess, String) {
        let daemon = try SpawnedProcess(["run", "--config", workspace.config], environment: DaemonTests.key)
        var address: String?
        await daemon.wait(upTo: 30) {
            address = monitorAddress(daemon)
            return address.flatMap { try? get($0, "/api/status").status } == 200
        }
        guard let address else { throw NotServing(log: daemon.stderr) }
        return (daemon, address)
    }

    /// Opens `/api/events` on the monitor at `address` (resuming after `lastEventID`), reading
    /// onto `received` until the head and the first lines are in.
    static func subscribe(_ address: String, lastEventID: UInt64? = nil, onto received: inout [UInt8]) throws -> RawSocket {
        let port = try #require(HTTPAddress(parsing: address)?.port)
        let socket = try #require(RawSocket(connectingTo: port))
        socket.send("GET /api/events HTTP/1.1\r\nHost: 127.0.0.1\r\n\(lastEventID.map { "Last-Event-ID: \($0)\r\n" } ?? "")\r\n")
        #expect(socket.read(onto: &received) { text($0).contains("retry: ") })
        return socket
    }

    static func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

    /// The `id:` lines of an event stream, in order.
    static func ids(_ bytes: [UInt8]) -> [UInt64] {
        text(bytes).split(separator: "\n").compactMap { $0.hasPrefix("id: ") ? UInt64($0.dropFirst(4)) : nil }
    }

    @Test func metricsMoveAndAHeldEventStreamDeliversFillsAsTheirLedgerLinesLandAndResumesAcrossARestart() async throws {
        let exchange = try await ExchangeFixture()
        defer { exchange.stop() }
        let workspace = try DaemonWorkspace(exchange: exchange, quantity: 25, extra: Self.monitor)
        defer { workspace.remove() }
        let (daemon, address) = try await Self.startDaemon(workspace)
        var received: [UInt8] = []
        let stream = try Self.subscribe(address, onto: &received)
        #expect(stream.read(onto: &received) { Self.ids($0).count == 1 })
        let start = try #require(Self.ids(received).first)
        #expect(try Self.get(address, "/metrics").bodyText.contains("tickwork_fills_total") == true)
        #expect(!(try Self.get(address, "/metrics").bodyText.contains("tickwork_fills_total{")))

        // Asks of 5 shares: the order of 25 fills in several fills, so that a client can miss some.
        try exchange.place(account: "SELLER", side: "buy", price: 4_990, qty: 10)
        for _ in 0..<6 { try exchange.place(account: "SELLER", side: "sell", price: 5_000, qty: 5) }
        #expect(await daemon.wait(upTo: 30) { (try? workspace.ledgerFills().isEmpty) == false }, "\(daemon.stderr)")
        // The stream held since before the ledger line gets the fill: waited for as an event,
        // bounded generously against hanging, not timed.
        let delivered = stream.read(onto: &received, limit: 30_000) { Self.text($0).contains("event: fill\n") }
        #expect(delivered, "no fill in the stream: \(Self.text(received))")
        let firstLine = try #require(try workspace.ledgerLines().first)
        let firstSequence = try #require(firstLine["seq"] as? Int)
        #expect(Self.text(received).contains("\"sequence\":\(firstSequence)"), "\(Self.text(received)) \(firstLine)")
        #expect(Self.ids(received).dropFirst().first == UInt64(firstSequence), "\(start)")

        let metrics = try Self.get(address, "/metrics").bodyText
        #expect(metrics.contains("tickwork_fills_total{strategy=\"fs\",symbol=\"FOOBAR\"} "))
        #expect(metrics.contains("tickwork_exchange_requests_total{endpoint=\"place\",outcome=\"ok\"} "))
        #expect(metrics.contains("tickwork_poll_latency_seconds_count "))
        daemon.send(SIGTERM)
        #expect(await daemon.exitStatus(within: 15) == 0, "\(daemon.stderr)")
        // The daemon's stop closes the stream.
        #expect(stream.readToEnd().closed)

        // The next run sends a client that saw the first fill every later one, from the ledger.
        let last = try #require(try workspace.ledgerLines().last?["seq"] as? Int)
        let (second, secondAddress) = try await Self.startDaemon(workspace)
        defer { second.send(SIGTERM) }
        var resumed: [UInt8] = []
        let again = try Self.subscribe(secondAddress, lastEventID: UInt64(firstSequence), onto: &resumed)
        #expect(last > firstSequence, "one fill only: nothing to miss")
        let missed = Array(UInt64(firstSequence + 1)...UInt64(max(last, firstSequence + 1)))
        #expect(again.read(onto: &resumed, limit: 30_000) { Self.ids($0).count >= missed.count })
        #expect(Array(Self.ids(resumed).prefix(missed.count)) == missed, "\(Self.text(resumed))")
    }

    @Test func theDashboardShowsAFillAndDrawsTheChartInChromiumWithoutAnyOutsideRequest() async throws {
        let exchange = try await ExchangeFixture()
        defer { exchange.stop() }
        let workspace = try DaemonWorkspace(exchange: exchange, quantity: 25, extra: Self.monitor)
        defer { workspace.remove() }
        let (daemon, address) = try await Self.startDaemon(workspace)
        defer { daemon.send(SIGTERM) }
        let screenshot = TickworkProcess.packageRoot + "/.build/monitor-dashboard.png"
        try? FileManager.default.removeItem(atPath: screenshot)
        let browser = try HeadlessChromium.start("http://\(address)/", screenshot: screenshot, wait: 30)
        #expect(await browser.wait(upTo: 60) { browser.stdout.contains("loaded\n") }, "\(browser.stderr)")
        // Only now is there liquidity: the fill reaches the page while it is open.
        #expect(try workspace.ledgerFills().isEmpty)
        try DaemonTests().provideLiquidity(exchange)
        #expect(await browser.exitStatus(within: 90) == 0, "\(browser.stderr)")
        let last = try #require(browser.stdout.split(separator: "\n").last)
        let result = try #require(try JSONSerialization.jsonObject(with: Data(last.utf8)) as? [String: Any])
        #expect((result["fills"] as? Int ?? 0) > 0, "\(result)")
        #expect(result["chart"] as? String == "drawn", "\(result)")
        let requests = result["requests"] as? [String] ?? []
        #expect(requests.contains("http://\(address)/api/status"))
        // The event stream is held: the fill came on the one connection.
        #expect(requests.contains("http://\(address)/api/events"), "\(requests)")
        let outside = requests.filter { !$0.hasPrefix("http://\(address)/") }
        #expect(outside.isEmpty, "requests outside the daemon: \(outside)")
        #expect(FileManager.default.fileExists(atPath: screenshot))
    }

    @Test func statusExitsZeroWhileTradingOneWhenUnreachableTwoWhenHalted() async throws {
        let exchange = try await ExchangeFixture()
        defer { exchange.stop() }
        let workspace = try DaemonWorkspace(exchange: exchange, quantity: 25, extra: Self.monitor)
        defer { workspace.remove() }
        let (daemon, address) = try await Self.startDaemon(workspace)
        let trading = try await TickworkProcess.run(["status", "--url", "http://\(address)"])
        #expect(trading.status == 0, "\(trading.stderr)")
        #expect(trading.stdout.contains("TESTEX, account EXB123456: active"), "\(trading.stdout)")
        let json = try await TickworkProcess.run(["status", "--url", "http://\(address)", "--json"])
        let document = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
        #expect(document?["venue"] as? String == "TESTEX")
        daemon.send(SIGTERM)
        #expect(await daemon.exitStatus(within: 15) == 0)
        let gone = try await TickworkProcess.run(["status", "--url", "http://\(address)"])
        #expect(gone.status == 1)
        #expect(gone.stderr.contains("http://\(address)/api/status"))

        // The account halted before the start: the daemon runs, and says it is halted.
        let halted = RiskState(account: TradingStatus(state: .halted, code: .manual, since: Timestamp(nanoseconds: 1)))
        try JSONEncoder().encode(halted).write(to: URL(fileURLWithPath: workspace.directory + "/risk.json"))
        let (second, secondAddress) = try await Self.startDaemon(workspace)
        let stopped = try await TickworkProcess.run(["status", "--url", "http://\(secondAddress)"])
        #expect(stopped.status == 2, "\(stopped.stdout) \(stopped.stderr)")
        #expect(stopped.stdout.contains("halted (RISK_MANUAL)"))
        second.send(SIGTERM)
        #expect(await second.exitStatus(within: 15) == 0)
        #expect(try await TickworkProcess.run(["status", "--url", "localhost:1"]).status == 64)
    }

    @Test func aMonitorOffLoopbackWithoutATokenIsRefusedAtStart() async throws {
        let exchange = try await ExchangeFixture()
        defer { exchange.stop() }
        let workspace = try DaemonWorkspace(exchange: exchange, extra: #", "monitor": {"listen": "0.0.0.0:0"}"#)
        defer { workspace.remove() }
        let result = try await TickworkProcess.run(["run", "--config", workspace.config], environment: DaemonTests.key, timeout: 30)
        #expect(result.status == 1)
        #expect(result.stderr.contains("monitor.listen: 0.0.0.0:0 is not a loopback address"), "\(result.stderr)")
    }
}
