import Foundation
import Testing
import TestSupport

/// A planned sweep through a real Slurm: a single-node cluster started by the test, the six-cell
/// sweep submitted as a job array, waited for, its failed cell resubmitted, collected, and
/// compared cell by cell with the local sweep of the same grid.
/// Without root or the Slurm packages it fails in CI and is skipped elsewhere, saying so.
@Suite(.processHeavy, .serialized, .timeLimit(.minutes(10)))
struct SlurmSweepTests {
    /// A cluster of its own for a test, which needs root and the Slurm packages.
    static func startCluster() async throws -> SlurmCluster {
        try Prerequisite.require(Prerequisite.isRoot, "root: slurmctld and slurmd run as SlurmUser=root")
        try Prerequisite.require(
            SlurmCluster.isInstalled, "Debian's slurmctld, slurmd, slurm-client and munge (.ci/run installs them)")
        return try await SlurmCluster()
    }

    @Test func aSweepSubmittedToSlurmCollectsTheLocalSweepsResults() async throws {
        let cluster = try await Self.startCluster()
        let scratch = try TemporaryDirectory()
        defer { scratch.remove() }
        let (data, sweep) = try await SweepCLITests.plan(in: scratch, extra: ["--max-parallel", "2", "--time", "5", "--mem", "100M"])

        // Cell 4 made to fail on its first run, to be resubmitted once it is put right.
        let cell4 = sweep + "/cells/0004.json"
        let good = try String(contentsOfFile: cell4, encoding: .utf8)
        let bad = good.replacingOccurrences(of: "\"halfSpreadCents\" : \"4\"", with: "\"halfSpreadCents\" : \"wide\"")
        #expect(bad != good)
        try bad.write(toFile: cell4, atomically: true, encoding: .utf8)

        let submit = try await TickworkProcess.run(["sweep", "submit", sweep], environment: cluster.environment)
        #expect(submit.status == 0, "\(submit.stderr)")
        let jobs = try String(contentsOfFile: sweep + "/jobs", encoding: .utf8).split(separator: "\n")
        #expect(jobs.count == 1)
        #expect(submit.stdout == "\(sweep): submitted as job \(jobs[0]): 6 cells, at most 2 at once\n")
        var status = try await Self.waitForEveryCell(sweep, cluster: cluster)
        #expect(status["done"] as? [Int] == [0, 1, 2, 3, 5], "\(status)")
        #expect((status["failed"] as? [[String: Any]])?.first?["cell"] as? Int == 4, "\(status)")

        try good.write(toFile: cell4, atomically: true, encoding: .utf8)
        let resubmit = try await TickworkProcess.run(["sweep", "collect", sweep, "--resubmit-failed"], environment: cluster.environment)
        #expect(resubmit.status == 1)
        #expect(resubmit.stderr.contains("tickwork: cell 4 failed: --param halfSpreadCents"), "\(resubmit.stderr)")
        let resubmitted = try String(contentsOfFile: sweep + "/jobs", encoding: .utf8).split(separator: "\n")
        #expect(resubmitted.count == 2)
        #expect(resubmit.stderr.hasSuffix("tickwork: resubmitted cells 4 as job \(resubmitted.last ?? "?")\n"), "\(resubmit.stderr)")
        status = try await Self.waitForEveryCell(sweep, cluster: cluster)
        #expect(status["done"] as? [Int] == [0, 1, 2, 3, 4, 5], "\(status)")

        let collect = try await TickworkProcess.run(["sweep", "collect", sweep, "--json"], environment: cluster.environment)
        #expect(collect.status == 0, "\(collect.stderr)")
        let local = try await SweepCLITests.localSweep(data)
        let cells = try [collect.stdout, local].map { output in
            try #require(try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [[String: Any]]).map { $0 as NSDictionary }
        }
        #expect(cells[0].count == 6)
        for (cluster, here) in zip(cells[0], cells[1]) {
            #expect(cluster == here)
        }
        #expect(collect.stdout == local)
        let logs = try FileManager.default.contentsOfDirectory(atPath: sweep + "/logs")
        #expect(logs.filter { $0.hasSuffix(".out") }.count == 7, "\(logs)")
        // Not in a defer, which cannot wait; a test that throws earlier leaves it to the deinit.
        await cluster.stop()
    }

    /// A walk-forward through the same cluster: each window's test job waits for its array,
    /// and the collected report is the local walk-forward's.
    @Test func aWalkForwardSubmittedToSlurmReportsWhatTheLocalOneReports() async throws {
        let cluster = try await Self.startCluster()
        let scratch = try TemporaryDirectory()
        defer { scratch.remove() }
        let (days, sweep) = try await WalkForwardCLITests.plan(in: scratch)
        let submit = try await TickworkProcess.run(["sweep", "submit", sweep], environment: cluster.environment)
        #expect(submit.status == 0, "\(submit.stderr)")
        var collected = ""
        try await cluster.waitFor("the walk-forward's report", within: 240, every: 0.5) {
            guard let collect = try? await TickworkProcess.run(["sweep", "collect", sweep, "--json"], environment: cluster.environment),
                  collect.status == 0 else { return false }
            collected = collect.stdout
            return true
        }
        let local = try await TickworkProcess.run(["backtest", "--data", days, "--json"] + WalkForwardCLITests.walkForward)
        #expect(collected == local.stdout)
        let logs = try FileManager.default.contentsOfDirectory(atPath: sweep + "/windows/01/logs")
        #expect(logs.contains { $0.hasPrefix("test_") }, "\(logs)")
        await cluster.stop()
    }

    /// `sweep status --json` once every cell is done or failed (bounded, the daemons' logs on failure).
    static func waitForEveryCell(_ sweep: String, cluster: SlurmCluster) async throws -> [String: Any] {
        var status: [String: Any] = [:]
        // Each poll is a tickwork process and an squeue: every half second is plenty for cells
        // that take seconds, and leaves the cores to the tests running beside this one.
        try await cluster.waitFor("every cell to end", within: 240, every: 0.5) {
            guard let run = try? await TickworkProcess.run(["sweep", "status", sweep, "--json"], environment: cluster.environment),
                  let report = try? JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any] else { return false }
            status = report
            return (report["done"] as? [Int] ?? []).count + (report["failed"] as? [Any] ?? []).count == 6
        }
        return status
    }
}
