import Foundation
import Testing
import TestSupport

/// Live-session parity: `tickwork run` with `recording.path` records a session, and
/// `tickwork backtest --replay` checks that the engine takes the same actions from its inputs.
@Suite(.processHeavy, .timeLimit(.minutes(10))) struct ParityCLITests {
    /// The shipped configuration with MarketMaker quoting FOOBAR at `halfSpreadCents` (called
    /// with the market data `data` names, when given), its ledger and session recording in
    /// `directory`; returns the file written.
    /// With `stream`, the daemon follows the embedded exchange's feeds (`exchange.stream`).
    static func writeConfiguration(
        in directory: String, name: String, halfSpreadCents: Int, data: [String]? = nil, stream: Bool = false
    ) throws -> String {
        let shipped = try Data(contentsOf: URL(fileURLWithPath: TickworkProcess.packageRoot + "/config/tickwork.json"))
        var configuration = try #require(try JSONSerialization.jsonObject(with: shipped) as? [String: Any])
        var strategy: [String: Any] = [
            "id": "mm", "plugin": "MarketMaker", "symbols": ["FOOBAR"],
            "parameters": ["symbol": "FOOBAR", "halfSpreadCents": halfSpreadCents, "quoteSize": 20, "requoteCents": 1],
        ]
        if let data { strategy["data"] = data }
        configuration["strategies"] = [strategy]
        configuration["recording"] = ["path": directory + "/session.jsonl"]
        configuration["ledger"] = ["path": directory + "/ledger.jsonl", "fsync": "never"]
        configuration["riskStatePath"] = directory + "/risk.json"
        configuration["pollIntervalMs"] = 100
        if stream, var exchange = configuration["exchange"] as? [String: Any] {
            exchange["stream"] = true
            configuration["exchange"] = exchange
        }
        let file = directory + "/" + name
        try JSONSerialization.data(withJSONObject: configuration).write(to: URL(fileURLWithPath: file))
        return file
    }

    @Test func aRecordedLiveSessionReplaysIdenticallyAndAChangedParameterDiverges() async throws {
        let scratch = try TemporaryDirectory()
        defer { scratch.remove() }
        let directory = scratch.path
        let live = try Self.writeConfiguration(in: directory, name: "live.json", halfSpreadCents: 2)
        let changed = try Self.writeConfiguration(in: directory, name: "changed.json", halfSpreadCents: 3)
        let run = try await TickworkProcess.run(["run", "--config", live, "--duration", "4s", "--log-level", "warning"])
        #expect(run.status == 0, "\(run.stderr)")

        let same = try await TickworkProcess.run(["backtest", "--replay", directory + "/session.jsonl", "--config", live])
        #expect(same.status == 0, "\(same.stdout)\(same.stderr)")
        #expect(same.stdout.hasPrefix("identical: "))
        #expect(!same.stdout.hasPrefix("identical: 0 inputs"))

        let different = try await TickworkProcess.run(["backtest", "--replay", directory + "/session.jsonl", "--config", changed])
        #expect(different.status == 1)
        let lines = different.stdout.split(separator: "\n")
        #expect(lines.count == 3)
        #expect(lines.first?.hasPrefix("diverged at record ") == true)
        #expect(lines.dropFirst().first?.hasPrefix("  recorded: {") == true)
        #expect(lines.dropFirst(2).first?.hasPrefix("  replayed: ") == true)
    }

    /// The same with the daemon on the exchange's push stream: a session whose books, trades and
    /// order reports came from the tickertape and executions feeds replays to the same actions.
    @Test func aStreamedLiveSessionReplaysIdentically() async throws {
        let scratch = try TemporaryDirectory()
        defer { scratch.remove() }
        let directory = scratch.path
        let live = try Self.writeConfiguration(in: directory, name: "live.json", halfSpreadCents: 2, stream: true)
        let run = try await TickworkProcess.run(["run", "--config", live, "--duration", "4s", "--log-level", "info"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.contains("stream switch") && run.stderr.contains("to=stream"), "\(run.stderr)")
        let same = try await TickworkProcess.run(["backtest", "--replay", directory + "/session.jsonl", "--config", live])
        #expect(same.status == 0, "\(same.stdout)\(same.stderr)")
        #expect(same.stdout.hasPrefix("identical: "))
        #expect(!same.stdout.hasPrefix("identical: 0 inputs"))
    }

    @Test func aBooksRecordingIsNoSession() async throws {
        let scratch = try TemporaryDirectory()
        defer { scratch.remove() }
        let directory = scratch.path
        try BacktestCLITests.writeDriftingRecording(to: directory + "/books.jsonl", books: 10, format: .jsonLines)
        let result = try await TickworkProcess.run(["backtest", "--replay", directory + "/books.jsonl"])
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix("tickwork: \(directory)/books.jsonl: a books recording, not a live session"))
    }

    @Test func replayTakesNoDataOrStrategy() async throws {
        let result = try await TickworkProcess.run(["backtest", "--replay", "session.jsonl", "--strategy", "MarketMaker"])
        #expect(result.status == 64)
        #expect(result.stderr.contains("USAGE: tickwork backtest"))
    }
}
