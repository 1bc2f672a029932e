import Foundation
import Testing
import TestSupport

/// `tickwork sweep` without Slurm: a planned sweep run here gives the local sweep's results, a
/// cell run twice writes the same bytes, and collect names what is missing.
@Suite(.processHeavy, .timeLimit(.minutes(10))) struct SweepCLITests {
    static let grid = ["--strategy", "MarketMaker", "--param", "halfSpreadCents=1,2,4", "--param", "quoteSize=10,50", "--latency", "2ms"]

    /// Plans the six-cell grid over a fresh recording in `scratch`; returns the recording and
    /// the sweep directory.
    static func plan(in scratch: TemporaryDirectory, extra: [String] = [], cells: Int = 6) async throws -> (data: String, sweep: String) {
        let data = scratch.file("books.twrb")
        try BacktestCLITests.writeDriftingRecording(to: data, books: 1_000, format: .binary)
        let sweep = scratch.file("sweep")
        let plan = try await TickworkProcess.run(["sweep", "plan", "--data", data, "--out", sweep] + grid + extra)
        #expect(plan.status == 0, "\(plan.stderr)")
        #expect(plan.stdout.hasPrefix("\(sweep): \(cells) cells of MarketMaker over \(data)\n"))
        return (data, sweep)
    }

    /// The local sweep's `--json` output for the same grid: what every collect must print.
    static func localSweep(_ data: String) async throws -> String {
        let local = try await TickworkProcess.run(["backtest", "--data", data, "--json"] + grid)
        #expect(local.status == 0, "\(local.stderr)")
        return local.stdout
    }

    @Test func aPlannedSweepRunHereGivesTheLocalSweepsResults() async throws {
        let scratch = try TemporaryDirectory()
        defer { scratch.remove() }
        let (data, sweep) = try await Self.plan(in: scratch)
        let run = try await TickworkProcess.run(["sweep", "run", sweep, "--json"])
        #expect(run.status == 0, "\(run.stderr)")
        let local = try await Self.localSweep(data)
        #expect(run.stdout == local)
        let collect = try await TickworkProcess.run(["sweep", "collect", sweep, "--json"])
        #expect(collect.status == 0)
        #expect(collect.stdout == local)

        let table = try await TickworkProcess.run(["sweep", "collect", sweep])
        let localTable = try await TickworkProcess.run(["backtest", "--data", data] + Self.grid)
        #expect(table.stdout == localTable.stdout)
        // The table (a header and six cells), a blank line, then the heat map (a title, a header
        // and three rows).
        let lineCount = table.stdout.split(separator: "\n", omittingEmptySubsequences: false).count
        #expect(lineCount == 14)
        #expect(table.stdout.contains("\nP&L by halfSpreadCents (rows) and quoteSize (columns); * the best, ! far above its neighbours:\n"))

        let status = try await TickworkProcess.run(["sweep", "status", sweep])
        #expect(status.status == 0)
        #expect(status.stdout == "\(sweep): 6 cells: 6 done, 0 running, 0 pending, 0 failed, 0 missing\n")
    }

    @Test func aCellRunTwiceWritesTheSameBytesAndCollectNamesMissingAndFailedCells() async throws {
        let scratch = try TemporaryDirectory()
        defer { scratch.remove() }
        let (_, sweep) = try await Self.plan(in: scratch)
        let result = sweep + "/results/0003.json"
        #expect(try await TickworkProcess.run(["sweep", "cell", sweep, "3"]).status == 0)
        let first = try Data(contentsOf: URL(fileURLWithPath: result))
        #expect(try await TickworkProcess.run(["sweep", "cell", sweep, "3"]).status == 0)
        #expect(try Data(contentsOf: URL(fileURLWithPath: result)) == first)
        #expect(try FileManager.default.contentsOfDirectory(atPath: sweep + "/results") == ["0003.json"])

        // Cell 4's configuration made unrunnable: its run fails and says why.
        try #"{"cell": 4, "strategy": "MarketMaker", "parameters": {"halfSpreadCents": "wide", "quoteSize": "10"}}"#
            .write(toFile: sweep + "/cells/0004.json", atomically: true, encoding: .utf8)
        let failing = try await TickworkProcess.run(["sweep", "cell", sweep, "4"])
        #expect(failing.status == 1)
        #expect(try String(contentsOfFile: sweep + "/results/0004.failed", encoding: .utf8).contains("halfSpreadCents"))

        let collect = try await TickworkProcess.run(["sweep", "collect", sweep])
        #expect(collect.status == 1)
        #expect(collect.stdout.split(separator: "\n\n")[0].split(separator: "\n").count == 2)
        #expect(collect.stderr.contains("tickwork: cell 4 failed: --param halfSpreadCents"))
        #expect(collect.stderr.contains("tickwork: cells without a result: 0, 1, 2, 5\n"))

        let status = try await TickworkProcess.run(["sweep", "status", sweep, "--json"])
        let report = try #require(try JSONSerialization.jsonObject(with: Data(status.stdout.utf8)) as? [String: Any])
        #expect(report["done"] as? [Int] == [3])
        #expect(report["missing"] as? [Int] == [0, 1, 2, 5])
        #expect((report["failed"] as? [[String: Any]])?.first?["cell"] as? Int == 4)
    }

    /// A random search ranked by Sharpe: the plan draws the local sweep's cells from the same
    /// seed, and collect ranks them as the local sweep does, the objective's column first.
    @Test func aRandomSearchByAnObjectivePlannedGivesTheLocalSweepsCellsAndOrder() async throws {
        let scratch = try TemporaryDirectory()
        defer { scratch.remove() }
        let choice = ["--objective", "sharpe", "--search", "random:4", "--seed", "9"]
        let (data, sweep) = try await Self.plan(in: scratch, extra: choice, cells: 4)
        let run = try await TickworkProcess.run(["sweep", "run", sweep, "--json"])
        #expect(run.status == 0, "\(run.stderr)")
        let local = try await TickworkProcess.run(["backtest", "--data", data, "--json"] + Self.grid + choice)
        #expect(local.status == 0, "\(local.stderr)")
        #expect(run.stdout == local.stdout)
        let rows = try #require(try JSONSerialization.jsonObject(with: Data(local.stdout.utf8)) as? [[String: Any]])
        #expect(rows.count == 4)
        #expect(Set(rows.map { "\($0["parameters"] ?? "")" }).count == 4)
        let sharpes = rows.map { ($0["metrics"] as? [String: Any])?["sharpe"] as? Double ?? -.infinity }
        #expect(sharpes == sharpes.sorted(by: >))

        let table = try await TickworkProcess.run(["sweep", "collect", sweep])
        let localTable = try await TickworkProcess.run(["backtest", "--data", data] + Self.grid + choice)
        #expect(table.stdout == localTable.stdout)
        #expect(table.stdout.hasPrefix("halfSpreadCents  quoteSize  SHARPE  NEIGHBOURS"))
        #expect(table.stdout.split(separator: "\n\n")[0].split(separator: "\n").count == 5)
        // The two cells not drawn are dots in the heat map.
        #expect(table.stdout.split(separator: "\n\n")[1].split(whereSeparator: \.isWhitespace).filter { $0 == "." }.count == 2)

        let tooMany = try await TickworkProcess.run(["backtest", "--data", data, "--search", "random:7"] + Self.grid)
        #expect(tooMany.status == 64)
        #expect(tooMany.stderr.contains("the --param grid has 6 cells, fewer than 7"))
    }

    /// `count` day files in a new directory `days` of `scratch`, `2026-11-02.jsonl` on, each a
    /// drifting recording of its own seed a day after the one before.
    static func writeDays(_ count: Int, in scratch: TemporaryDirectory) throws -> String {
        let directory = scratch.file("days")
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        for day in 0..<count {
            try BacktestCLITests.writeDriftingRecording(
                to: directory + "/2026-11-\(day < 8 ? "0" : "")\(day + 2).jsonl", books: 400, format: .jsonLines, seed: UInt64(day + 1),
                start: 1_800_000_000_000_000_000 + Int64(day) * 86_400_000_000_000)
        }
        return directory
    }

    @Test func aLocalWalkForwardReportsEachWindowTheStitchedResultAndTheInSampleBest() async throws {
        let scratch = try TemporaryDirectory()
        defer { scratch.remove() }
        let days = try Self.writeDays(4, in: scratch)
        let arguments = ["backtest", "--data", days, "--walk-forward", "train=2d,test=1d", "--objective", "sortino"] + Self.grid
        let text = try await TickworkProcess.run(arguments)
        #expect(text.status == 0, "\(text.stderr)")
        let lines = text.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.first == "walk-forward of MarketMaker by sortino: train 2 days, test 1, 2 windows over 2026-11-02..2026-11-05 (4 days of data)")
        #expect(lines.contains { $0.hasPrefix("WINDOW  TRAIN                   TEST        CHOSEN") })
        #expect(lines.contains { $0.hasPrefix("0       2026-11-02..2026-11-03  2026-11-04  halfSpreadCents=") })
        #expect(lines.contains { $0.hasPrefix("out of sample, stitched (2 days): P&L ") && $0.contains(" a day), SORTINO ") })
        #expect(lines.contains { $0.hasPrefix("in-sample best over the period (4 days), halfSpreadCents=") })
        #expect(lines.contains { $0.hasPrefix("degradation: ") })
        // The whole period's landscape, as a sweep's heat map.
        #expect(lines.contains("SORTINO by halfSpreadCents (rows) and quoteSize (columns); * the best, ! far above its neighbours:"))
        #expect(lines.filter { $0.hasPrefix("halfSpreadCents \\ quoteSize") }.count == 1)

        // By P&L, the P&L is named once a line.
        let byPnL = try await TickworkProcess.run(arguments.map { $0 == "sortino" ? "pnl" : $0 })
        let summaries = byPnL.stdout.split(separator: "\n").filter { $0.hasPrefix("out of sample, stitched") || $0.hasPrefix("in-sample best") }
        #expect(summaries.count == 2 && summaries.allSatisfy { $0.components(separatedBy: "P&L").count == 2 }, "\(byPnL.stdout)")

        let json = try await TickworkProcess.run(arguments + ["--json"])
        #expect(json.status == 0, "\(json.stderr)")
        let report = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect((report["windows"] as? [Any])?.count == 2)
        #expect((report["wholePeriod"] as? [Any])?.count == 6)
        #expect(report["days"] as? [String] == ["2026-11-02", "2026-11-03", "2026-11-04", "2026-11-05"])
        #expect(report["objective"] as? String == "sortino")

        let tooShort = try await TickworkProcess.run(["backtest", "--data", days, "--walk-forward", "train=4d,test=1d"] + Self.grid)
        #expect(tooShort.status == 1)
        #expect(tooShort.stderr.contains("needs 5 days of data, the recordings hold 4"))
    }

    @Test(arguments: [
        ["--out", "/tmp/x"],
        ["--data", "/tmp/books.twrb", "--out", "/tmp/x"],
        ["--data", "/tmp/books.twrb", "--strategy", "MarketMaker"],
        ["--data", "/tmp/books.twrb", "--strategy", "MarketMaker", "--config", "config/tickwork.json", "--out", "/tmp/x"],
        ["--data", "/tmp/books.twrb", "--strategy", "MarketMaker", "--out", "/tmp/with space"],
        ["--data", "/tmp/books.twrb", "--strategy", "MarketMaker", "--out", "/tmp/x", "--time", "soon"],
        ["--data", "/tmp/books.twrb", "--strategy", "MarketMaker", "--out", "/tmp/x", "--mem", "lots"],
    ])
    func badPlanLinesExit64(arguments: [String]) async throws {
        let result = try await TickworkProcess.run(["sweep", "plan"] + arguments)
        #expect(result.status == 64)
        #expect(result.stderr.contains("USAGE: tickwork sweep plan"))
    }

    /// A relative --out is named in the script from the working directory, whose path may hold
    /// what an `#SBATCH` line cannot: a newline would start a command of its own.
    @Test func aRelativeOutUnderAWorkingDirectoryWithANewlineExits64() async throws {
        let scratch = try TemporaryDirectory()
        defer { scratch.remove() }
        let working = scratch.file("a\ntouch injected")
        try FileManager.default.createDirectory(atPath: working, withIntermediateDirectories: false)
        let data = scratch.file("books.twrb")
        try BacktestCLITests.writeDriftingRecording(to: data, books: 10, format: .binary)
        let result = try await SpawnedProcess.run(
            executable: TickworkProcess.buildDirectory + "/tickwork", arguments: ["sweep", "plan", "--data", data, "--out", "sweep"] + Self.grid,
            directory: working)
        #expect(result.status == 64, "\(result.stderr)")
        #expect(result.stderr.contains("must not contain whitespace or control characters"))
        #expect(!FileManager.default.fileExists(atPath: working + "/sweep"))
    }

    @Test func aDirectoryThatIsNoSweepIsAOneLineFailure() async throws {
        let scratch = try TemporaryDirectory()
        defer { scratch.remove() }
        let result = try await TickworkProcess.run(["sweep", "collect", scratch.path])
        #expect(result.status == 1)
        #expect(result.stderr == "tickwork: \(scratch.path)/sweep.json: cannot be read: not a planned sweep (tickwork sweep plan writes it)\n")
    }
}
