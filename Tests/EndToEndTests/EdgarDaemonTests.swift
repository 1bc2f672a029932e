import Foundation
import HTTP
import MarketTestSupport
import SimulatedMarket
import Testing
import TestSupport

#if canImport(Glibc)
import Glibc
#endif

/// The daemon polling SEC EDGAR (the simulated exchange's, in this process, on loopback): a new
/// filing reaches the subscribed strategy once (its log line, `/metrics`, the recorded session),
/// a restart does not deliver it again, and a missing `User-Agent` refuses the start.
@Suite(.processHeavy, .serialized, .timeLimit(.minutes(10))) struct EdgarDaemonTests {
    static let userAgent = "Tickwork Tests tests@example.com"

    /// MarketMaker on FOOBAR hearing its filings, against `server`, polling its EDGAR every
    /// second (`edgar` replaces the `edgar` object), with the monitor on and the session recorded
    /// to `recording`.
    static func write(_ workspace: DaemonWorkspace, _ server: VenueServer, recording: String, edgar: String? = nil) throws {
        let url = "http://\(server.address)"
        let edgar = edgar ?? #"{"userAgent": "\#(userAgent)", "siteURL": "\#(url)", "dataURL": "\#(url)", "pollInterval": "1s"}"#
        try workspace.write(
            exchange: #"{"baseURL": "\#(url)/ob/api", "venue": "TESTEX", "account": "EXB123456"}"#,
            strategies: #"""
                [{"id": "mm", "plugin": "MarketMaker", "symbols": ["FOOBAR"], "data": ["books", "filings"],
                  "parameters": {"symbol": "FOOBAR", "pauseOnResultsMinutes": 30}}]
                """#,
            extra: #", "edgar": \#(edgar), "monitor": {"listen": "127.0.0.1:0"}, "recording": {"path": "\#(workspace.directory)/\#(recording)"}"#)
    }

    /// The environment of a daemon: the exchange key, and a state directory (the ticker cache)
    /// in the workspace.
    static func environment(_ workspace: DaemonWorkspace) -> [String: String] {
        DaemonTests.key.merging(["XDG_STATE_HOME": workspace.directory, "STATE_DIRECTORY": ""]) { $1 }
    }

    /// The value of the unlabelled sample `name` in the monitor's `/metrics`, nil when absent.
    static func sample(_ address: String, _ name: String) -> Double? {
        guard let text = try? MonitorEndToEndTests.get(address, "/metrics").bodyText else { return nil }
        return text.split(separator: "\n").first { $0.hasPrefix(name + " ") }.flatMap { Double($0.split(separator: " ")[1]) }
    }

    /// Starts the daemon and waits (bounded) until its monitor serves a poll of EDGAR that ended.
    static func startPolling(_ workspace: DaemonWorkspace) async throws -> (SpawnedProcess, String) {
        let daemon = try SpawnedProcess(["run", "--config", workspace.config], environment: environment(workspace))
        var address: String?
        let polled = await daemon.wait(upTo: 60) {
            address = MonitorEndToEndTests.monitorAddress(daemon)
            return address.flatMap { sample($0, "tickwork_edgar_last_poll_timestamp_seconds") } != nil
        }
        guard polled, let address else { throw MonitorEndToEndTests.NotServing(log: daemon.stderr) }
        return (daemon, address)
    }

    /// The recorded session's filing records, each as its JSON object.
    static func recordedFilings(_ path: String) throws -> [[String: Any]] {
        let text = try String(contentsOfFile: path, encoding: .utf8)
        return text.split(separator: "\n").compactMap { line in
            guard let record = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] else { return nil }
            return record["kind"] as? String == "filing" ? record : nil
        }
    }

    @Test func aNewFilingReachesTheStrategyOnceAndNotAgainAfterARestart() async throws {
        let exchange = try VenueHarness.filingOnDemand(symbols: ["FOOBAR"])
        let server = exchange.server
        defer { exchange.server.stop() }
        let workspace = try DaemonWorkspace()
        defer { workspace.remove() }
        try Self.write(workspace, server, recording: "first.jsonl")

        let (daemon, address) = try await Self.startPolling(workspace)
        #expect(daemon.stderr.contains("first poll of a company"), "\(daemon.stderr)")
        #expect(Self.sample(address, "tickwork_edgar_filings_total") == 0, "the company's filings stored as history, not counted as news")
        #expect(!daemon.stderr.contains("new filing"), "history is not news: \(daemon.stderr)")

        server.fileEdgarFilings()
        #expect(await daemon.wait(upTo: 30) { daemon.stderr.contains("new filing") }, "\(daemon.stderr)")
        #expect(await daemon.wait(upTo: 10) { Self.sample(address, "tickwork_edgar_filings_total") == 1 })
        let line = try #require(daemon.stderr.split(separator: "\n").first { $0.contains("new filing") })
        #expect(line.contains("symbol=FOOBAR") && line.contains("url=http://\(server.address)/Archives/edgar/data/"), "\(line)")
        // Polled again (at least twice more) without a second delivery.
        let polled = Self.sample(address, "tickwork_edgar_last_poll_timestamp_seconds") ?? 0
        #expect(await daemon.wait(upTo: 30) { (Self.sample(address, "tickwork_edgar_last_poll_timestamp_seconds") ?? 0) >= polled + 2 })
        daemon.send(SIGTERM)
        #expect(await daemon.exitStatus(within: 60) == 0, "\(daemon.stderr)")
        #expect(daemon.stderr.components(separatedBy: "new filing").count == 2, "\(daemon.stderr)")
        let told = try Self.recordedFilings(workspace.directory + "/first.jsonl")
        #expect(told.count == 1, "the engine heard the filing once: \(told)")

        // Restarted over the same history: the filing is held, and not delivered again.
        try Self.write(workspace, server, recording: "second.jsonl")
        let (again, _) = try await Self.startPolling(workspace)
        again.send(SIGTERM)
        #expect(await again.exitStatus(within: 60) == 0, "\(again.stderr)")
        #expect(!again.stderr.contains("new filing") && !again.stderr.contains("first poll of a company"), "\(again.stderr)")
        #expect(try Self.recordedFilings(workspace.directory + "/second.jsonl").isEmpty)
    }

    @Test func aMissingOrAddresslessUserAgentRefusesTheStartAndTheCheck() async throws {
        let exchange = try VenueHarness.filingOnDemand(symbols: ["FOOBAR"])
        let server = exchange.server
        defer { exchange.server.stop() }
        let workspace = try DaemonWorkspace()
        defer { workspace.remove() }
        let url = "http://\(server.address)"
        for edgar in [#"{"siteURL": "\#(url)", "dataURL": "\#(url)"}"#, #"{"userAgent": "Tickwork Tests", "siteURL": "\#(url)"}"#] {
            try Self.write(workspace, server, recording: "refused.jsonl", edgar: edgar)
            let environment = Self.environment(workspace).merging(["TICKWORK_EDGAR_USER_AGENT": ""]) { $1 }
            let run = try await TickworkProcess.run(["run", "--config", workspace.config], environment: environment)
            #expect(run.status == 1, "\(run.stderr)")
            let lines = run.stderr.split(separator: "\n")
            #expect(lines.count == 1 && lines[0].contains("User-Agent"), "\(run.stderr)")
            #expect(!FileManager.default.fileExists(atPath: workspace.ledger), "refused before the ledger")
            let check = try await TickworkProcess.run(["config", "check", workspace.config], environment: environment)
            #expect(check.status == 1 && check.stderr.contains("User-Agent"), "\(check.stdout)\(check.stderr)")
        }
    }
}
