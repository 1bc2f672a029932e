import Foundation
import Testing
import TestSupport

/// A planned sweep through a real Slurm: a single-node cluster started by the test, the six-cell
/// sweep submitted as a job array, waited for, collected, and compared cell by cell with the
/// local sweep of the same grid.
@Suite(
    .enabled(if: geteuid() == 0, "needs root: slurmctld and slurmd run as SlurmUser=root"),
    .enabled(if: SlurmCluster.isInstalled, "needs Debian's slurmctld, slurmd, slurm-client and munge (.ci/run installs them)"),
    .timeLimit(.minutes(10)))
struct SlurmSweepTests {
    @Test func aSweepSubmittedToSlurmCollectsTheLocalSweepsResults() throws {
        let cluster = try SlurmCluster()
        defer { cluster.stop() }
        let scratch = try TemporaryDirectory()
        defer { scratch.remove() }
        let (data, sweep) = try SweepCLITests.plan(in: scratch, extra: ["--max-parallel", "2", "--time", "5", "--mem", "100M"])

        let submit = try TickworkProcess.run(["sweep", "submit", sweep], environment: cluster.environment)
        #expect(submit.status == 0, "\(submit.stderr)")
        let jobs = try String(contentsOfFile: sweep + "/jobs", encoding: .utf8).split(separator: "\n")
        #expect(jobs.count == 1)
        #expect(submit.stdout == "\(sweep): submitted as job \(jobs[0]): 6 cells, at most 2 at once\n")

        // Done when every cell has a result or a failure; bounded, with the daemons' logs on failure.
        var status: [String: Any] = [:]
        try cluster.waitFor("the six cells", within: 240) {
            guard let run = try? TickworkProcess.run(["sweep", "status", sweep, "--json"], environment: cluster.environment),
                  let report = try? JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any] else { return false }
            status = report
            return (report["done"] as? [Int] ?? []).count + (report["failed"] as? [Any] ?? []).count == 6
        }
        #expect(status["done"] as? [Int] == [0, 1, 2, 3, 4, 5], "\(status)")

        let collect = try TickworkProcess.run(["sweep", "collect", sweep, "--json"], environment: cluster.environment)
        #expect(collect.status == 0, "\(collect.stderr)")
        let local = try SweepCLITests.localSweep(data)
        let cells = try [collect.stdout, local].map { output in
            try #require(try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [[String: Any]]).map { $0 as NSDictionary }
        }
        #expect(cells[0].count == 6)
        for (cluster, here) in zip(cells[0], cells[1]) {
            #expect(cluster == here)
        }
        #expect(collect.stdout == local)
        let logs = try FileManager.default.contentsOfDirectory(atPath: sweep + "/logs")
        #expect(logs.filter { $0.hasSuffix(".out") }.count == 6, "\(logs)")
    }
}
