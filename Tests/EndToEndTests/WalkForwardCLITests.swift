import Foundation
import Testing
import TestSupport

/// `tickwork sweep plan --walk-forward` without Slurm: run here, it reports what the local
/// walk-forward reports; submitted (to a stand-in sbatch that records its arguments), each
/// window's test job waits for its training array.
@Suite(.processHeavy, .timeLimit(.minutes(10))) struct WalkForwardCLITests {
    static let walkForward = ["--walk-forward", "train=2d,test=1d", "--objective", "pnl"] + SweepCLITests.grid

    /// Plans the walk-forward over four days in `scratch`; returns the days' directory and the plan's.
    static func plan(in scratch: TemporaryDirectory) async throws -> (days: String, sweep: String) {
        let days = try SweepCLITests.writeDays(4, in: scratch)
        let sweep = scratch.file("walk")
        let plan = try await TickworkProcess.run(["sweep", "plan", "--data", days, "--out", sweep, "--time", "5", "--mem", "100M"] + walkForward)
        #expect(plan.status == 0, "\(plan.stderr)")
        #expect(plan.stdout.hasPrefix("\(sweep): a walk-forward of 2 windows of 6 cells of MarketMaker over 4 days\n"))
        return (days, sweep)
    }

    @Test func aPlannedWalkForwardRunHereReportsWhatTheLocalOneReports() async throws {
        let scratch = try TemporaryDirectory()
        defer { scratch.remove() }
        let (days, sweep) = try await Self.plan(in: scratch)
        for path in ["walk-forward.json", "windows/00/sweep.json", "windows/00/test.sbatch", "windows/01/cells/0005.json", "whole/sweep.sbatch"] {
            #expect(FileManager.default.fileExists(atPath: sweep + "/" + path), "\(path)")
        }
        let window = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: sweep + "/windows/01/sweep.json"))) as? [String: Any]
        #expect((window?["data"] as? [[String: Any]])?.compactMap { $0["path"] as? String } == ["\(days)/2026-11-03.jsonl", "\(days)/2026-11-04.jsonl"])

        let before = try await TickworkProcess.run(["sweep", "collect", sweep])
        #expect(before.status == 1)
        #expect(before.stderr.contains("tickwork: window 0: no test result yet\n"))

        let run = try await TickworkProcess.run(["sweep", "run", sweep, "--json"])
        #expect(run.status == 0, "\(run.stderr)")
        let local = try await TickworkProcess.run(["backtest", "--data", days, "--json"] + Self.walkForward)
        #expect(local.status == 0, "\(local.stderr)")
        #expect(run.stdout == local.stdout)

        let text = try await TickworkProcess.run(["sweep", "collect", sweep])
        let localText = try await TickworkProcess.run(["backtest", "--data", days] + Self.walkForward)
        #expect(text.status == 0)
        #expect(text.stdout == localText.stdout)

        let status = try await TickworkProcess.run(["sweep", "status", sweep])
        #expect(status.stdout == """
            \(sweep): a walk-forward of 2 windows
              window 0: 6 cells: 6 done, 0 running, 0 pending, 0 failed, 0 missing; test done
              window 1: 6 cells: 6 done, 0 running, 0 pending, 0 failed, 0 missing; test done
              whole period: 6 cells: 6 done, 0 running, 0 pending, 0 failed, 0 missing

            """)
    }

    /// A planned sweep, as a backtest, takes a directory's days within --from and --to.
    @Test func planTakesTheDaysWithinFromAndTo() async throws {
        let scratch = try TemporaryDirectory()
        defer { scratch.remove() }
        let days = try SweepCLITests.writeDays(4, in: scratch)
        let sweep = scratch.file("planned")
        let plan = try await TickworkProcess.run(
            ["sweep", "plan", "--data", days, "--from", "2026-11-03", "--to", "2026-11-04", "--out", sweep] + SweepCLITests.grid)
        #expect(plan.status == 0, "\(plan.stderr)")
        let manifest = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: sweep + "/sweep.json"))) as? [String: Any]
        #expect((manifest?["data"] as? [[String: Any]])?.compactMap { $0["path"] as? String } == ["\(days)/2026-11-03.jsonl", "\(days)/2026-11-04.jsonl"])
        let walk = scratch.file("walk")
        let windows = try await TickworkProcess.run(["sweep", "plan", "--data", days, "--from", "2026-11-03", "--out", walk] + Self.walkForward)
        #expect(windows.stdout.hasPrefix("\(walk): a walk-forward of 1 window of 6 cells of MarketMaker over 3 days\n"), "\(windows.stdout)\(windows.stderr)")
        let none = try await TickworkProcess.run(["sweep", "plan", "--data", days, "--from", "2027-01-01", "--out", scratch.file("none")] + SweepCLITests.grid)
        #expect(none.status == 1 && none.stderr.contains("no day files"), "\(none.stderr)")
    }

    @Test func submittingMakesEachWindowsTestJobWaitForItsArray() async throws {
        let scratch = try TemporaryDirectory()
        defer { scratch.remove() }
        let (_, sweep) = try await Self.plan(in: scratch)
        let script = try String(contentsOfFile: sweep + "/windows/01/test.sbatch", encoding: .utf8)
        #expect(script.contains("#SBATCH --time=5\n#SBATCH --mem=100M\n#SBATCH --chdir=\(sweep)\n"))
        #expect(script.contains("#SBATCH --output=\(sweep)/windows/01/logs/test_%j.out\n"))
        #expect(script.hasSuffix("sweep test '\(sweep)' 1\n"))
        #expect(!script.contains("--array"))

        // A stand-in sbatch: records its arguments and answers job ids 100, 101, ...
        let bin = scratch.file("bin")
        try FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: true)
        let log = scratch.file("sbatch.log")
        try """
            #!/bin/sh
            echo "$@" >> '\(log)'
            echo $((100 + $(wc -l < '\(log)') - 1))
            """.write(toFile: bin + "/sbatch", atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: bin + "/sbatch")
        let path = bin + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
        let submit = try await TickworkProcess.run(["sweep", "submit", sweep, "--sbatch-args", "--qos=low"], environment: ["PATH": path])
        #expect(submit.status == 0, "\(submit.stderr)")
        #expect(try String(contentsOfFile: log, encoding: .utf8) == """
            --parsable --qos=low \(sweep)/windows/00/sweep.sbatch
            --parsable --dependency=afterok:100 --qos=low \(sweep)/windows/00/test.sbatch
            --parsable --qos=low \(sweep)/windows/01/sweep.sbatch
            --parsable --dependency=afterok:102 --qos=low \(sweep)/windows/01/test.sbatch
            --parsable --qos=low \(sweep)/whole/sweep.sbatch

            """)
        #expect(try String(contentsOfFile: sweep + "/jobs", encoding: .utf8) == "100\n101\n102\n103\n104\n")
        #expect(try String(contentsOfFile: sweep + "/windows/01/jobs", encoding: .utf8) == "102\n")
        #expect(submit.stdout.contains("as jobs 100, 101, 102, 103, 104"))
    }
}
