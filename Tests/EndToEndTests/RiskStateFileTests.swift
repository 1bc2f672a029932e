import Foundation
import Testing
import TestSupport

/// The trading-state file fails closed: absent means nothing is halted, but one that exists and
/// cannot be read or decoded stops `run` and `resume` with exit 1, naming it.
@Suite(.processHeavy, .serialized, .timeLimit(.minutes(10))) struct RiskStateFileTests {
    @Test func anUnreadableStateFileStopsRunBeforeAnyOrderAndResumeNamingIt() async throws {
        let exchange = try await ExchangeFixture()
        defer { exchange.stop() }
        let workspace = try DaemonWorkspace(exchange: exchange, quantity: 30)
        defer { workspace.remove() }
        // A path that exists but cannot be read as a file (works for root too, unlike chmod).
        let state = workspace.directory + "/risk.json"
        try FileManager.default.createDirectory(atPath: state, withIntermediateDirectories: false)
        try exchange.place(account: "SELLER", side: "buy", price: 4_990, qty: 10)
        try exchange.place(account: "SELLER", side: "sell", price: 5_000, qty: 50)
        let daemon = try SpawnedProcess(["run", "--config", workspace.config], environment: DaemonTests.key)
        let status = await daemon.exitStatus(within: 20)
        #expect(status == 1, "\(daemon.stderr)")
        #expect(daemon.stderr.contains("tickwork: \(state): cannot read the trading states"), "\(daemon.stderr)")
        #expect(try exchange.orders(of: "EXB123456").isEmpty)
        let resume = try await TickworkProcess.run(["resume", "--config", workspace.config, "--strategy", "fs"])
        #expect(resume.status == 1)
        #expect(resume.stderr.hasPrefix("tickwork: \(state): cannot read the trading states"), "\(resume.stdout)\(resume.stderr)")
    }

    @Test func aCorruptStateFileStopsRunNamingIt() async throws {
        let exchange = try await ExchangeFixture()
        defer { exchange.stop() }
        let workspace = try DaemonWorkspace(exchange: exchange, quantity: 30)
        defer { workspace.remove() }
        let state = workspace.directory + "/risk.json"
        try "{\"account\": ".write(toFile: state, atomically: true, encoding: .utf8)
        let result = try await TickworkProcess.run(["run", "--config", workspace.config], environment: DaemonTests.key, timeout: 20)
        #expect(result.status == 1)
        #expect(result.stderr.contains("tickwork: \(state): not a trading-state file"), "\(result.stderr)")
    }
}
