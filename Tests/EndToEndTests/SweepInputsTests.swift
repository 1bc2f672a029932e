import Foundation
import Sweeps
import Testing
import TestSupport

/// The inputs a planned sweep shares with a local one: several recordings replayed in order, and
/// a configuration's strategy as the base the grid varies. Each planned sweep, run and collected,
/// prints what the local sweep of the same inputs prints.
@Suite(.processHeavy, .timeLimit(.minutes(10))) struct SweepInputsTests {
    /// Plans `inputs` into `scratch`, runs the cells here and returns what collect printed with
    /// `--json`; `planned` is the first line `sweep plan` must print.
    static func planRunAndCollect(_ inputs: [String], in scratch: TemporaryDirectory, planned: (String) -> String) async throws -> String {
        let sweep = scratch.file("sweep")
        let plan = try await TickworkProcess.run(["sweep", "plan", "--out", sweep] + inputs)
        #expect(plan.status == 0, "\(plan.stderr)")
        #expect(plan.stdout.hasPrefix(planned(sweep) + "\n"), "\(plan.stdout)")
        let run = try await TickworkProcess.run(["sweep", "run", sweep])
        #expect(run.status == 0, "\(run.stderr)")
        let collect = try await TickworkProcess.run(["sweep", "collect", sweep, "--json"])
        #expect(collect.status == 0, "\(collect.stderr)")
        return collect.stdout
    }

    @Test func aSweepOverTwoRecordingsCollectsTheLocalSweepOfBoth() async throws {
        let scratch = try TemporaryDirectory()
        defer { scratch.remove() }
        let first = scratch.file("first.twrb")
        let second = scratch.file("second.jsonl")
        try BacktestCLITests.writeDriftingRecording(to: first, books: 600, format: .binary)
        try BacktestCLITests.writeDriftingRecording(
            to: second, books: 600, format: .jsonLines, seed: 11, start: 1_700_000_100_000_000_000)
        let collected = try await Self.planRunAndCollect(["--data", first, "--data", second] + SweepCLITests.grid, in: scratch) {
            "\($0): 6 cells of MarketMaker over \(first), \(second)"
        }
        let local = try await TickworkProcess.run(["backtest", "--data", first, "--data", second, "--json"] + SweepCLITests.grid)
        #expect(local.status == 0, "\(local.stderr)")
        #expect(collected == local.stdout)
        // Both files were replayed: the first alone gives other figures.
        #expect(try await SweepCLITests.localSweep(first) != local.stdout)
        let single = try await TickworkProcess.run(["backtest", "--data", first, "--data", second, "--strategy", "MarketMaker"])
        #expect(single.status == 0 && single.stdout.contains("1200 books"), "\(single.stdout)\(single.stderr)")
    }

    @Test func aSweepOfAConfigurationsStrategyCollectsTheLocalSweep() async throws {
        let scratch = try TemporaryDirectory()
        defer { scratch.remove() }
        let data = scratch.file("books.twrb")
        try BacktestCLITests.writeDriftingRecording(to: data, books: 1_000, format: .binary)
        let config = TickworkProcess.packageRoot + "/config/tickwork.json"
        let grid = ["--config", config, "--param", "quantity=50,300", "--param", "limitOffsetCents=0,2"]
        let collected = try await Self.planRunAndCollect(["--data", data] + grid, in: scratch) { "\($0): 4 cells of FirstSteps over \(data)" }
        let local = try await TickworkProcess.run(["backtest", "--data", data, "--json"] + grid)
        #expect(local.status == 0, "\(local.stderr)")
        #expect(collected == local.stdout)
        let manifest = try JSONDecoder().decode(
            SweepManifest.self, from: Data(contentsOf: URL(fileURLWithPath: scratch.file("sweep") + "/sweep.json")))
        #expect(manifest.configuration?.path == config && manifest.strategy == "FirstSteps")
    }

    @Test func aConfigurationOfSeveralStrategiesCannotTakeParameters() async throws {
        let scratch = try TemporaryDirectory()
        defer { scratch.remove() }
        let data = scratch.file("books.twrb")
        try BacktestCLITests.writeDriftingRecording(to: data, books: 10, format: .binary)
        var text = try String(contentsOfFile: TickworkProcess.packageRoot + "/config/tickwork.json", encoding: .utf8)
        text = text.replacingOccurrences(
            of: #""strategies": ["#,
            with: #""strategies": [{"id": "second", "plugin": "FirstSteps", "symbols": ["FOOBAR"], "parameters": {}},"#)
        let config = scratch.file("two.json")
        try text.write(toFile: config, atomically: true, encoding: .utf8)
        for command in [["backtest"], ["sweep", "plan", "--out", scratch.file("sweep")]] {
            let result = try await TickworkProcess.run(command + ["--data", data, "--config", config, "--param", "quantity=5,6"])
            #expect(result.status == 64, "\(result.stderr)")
            #expect(result.stderr.contains("--param with --config: the configuration must run one strategy, it runs 2"), "\(result.stderr)")
        }
    }
}
