import CommandLineKit
import Foundation
import Sweeps
import Testing
import TestSupport

@testable import TickworkCLI

/// What `tickwork sweep plan` writes (cells, manifest, batch script) and how the Slurm queue's
/// answer is read.
@Suite(.timeLimit(.minutes(10))) struct SweepPlanTests {
    static let manifest = SweepManifest(
        version: Tickwork.version, strategy: "MarketMaker",
        grid: [ParameterGrid.Axis(name: "halfSpreadCents", values: ["1", "2", "4"]), ParameterGrid.Axis(name: "quoteSize", values: ["10", "50"])],
        data: [SweepManifest.DataFile(path: "/data/books.twrb", bytes: 1_234, sha256: String(repeating: "ab", count: 32))],
        latencyMilliseconds: 2, feeCents: -1, resources: SweepManifest.Resources(maxParallel: 3, time: "00:10:00", memory: "500M"),
        executable: "/opt/tick work/bin/tickwork")

    @Test func planWritesOneCellPerCombinationTheManifestAndAnExecutableScript() throws {
        let scratch = try TemporaryDirectory()
        defer { scratch.remove() }
        let directory = SweepDirectory(path: scratch.file("sweep"))
        try SweepPlan.write(Self.manifest, to: directory)

        let cells = try (0..<6).map { try directory.cell($0, count: 6) }
        #expect(cells.map { "\($0.parameters["halfSpreadCents"] ?? "?")/\($0.parameters["quoteSize"] ?? "?")" }
            == ["1/10", "1/50", "2/10", "2/50", "4/10", "4/50"])
        #expect(cells.allSatisfy { $0.strategy == "MarketMaker" })
        #expect(!FileManager.default.fileExists(atPath: directory.cellPath(6, count: 6)))
        #expect(try directory.manifest() == Self.manifest)
        #expect(Self.manifest.cells == 6)
        for path in [directory.resultsPath, directory.logsPath] {
            var isDirectory: ObjCBool = false
            #expect(FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue, "\(path)")
        }
        let mode = try FileManager.default.attributesOfItem(atPath: directory.scriptPath)[.posixPermissions] as? Int
        #expect(mode == 0o755)
        #expect(try String(contentsOfFile: directory.scriptPath, encoding: .utf8) == SweepBatchScript.text(Self.manifest, directory: directory))
    }

    @Test func theScriptRunsOneCellPerArrayTaskWithTheRequestedResources() {
        let directory = SweepDirectory(path: "/shared/sweeps/mm")
        let lines = SweepBatchScript.text(Self.manifest, directory: directory).split(separator: "\n").map(String.init)
        #expect(lines.first == "#!/bin/bash")
        for expected in [
            "#SBATCH --array=0-5%3", "#SBATCH --time=00:10:00", "#SBATCH --mem=500M", "#SBATCH --chdir=/shared/sweeps/mm",
            "#SBATCH --output=/shared/sweeps/mm/logs/%A_%a.out", "#SBATCH --error=/shared/sweeps/mm/logs/%A_%a.err",
        ] {
            #expect(lines.contains(expected), "\(expected)")
        }
        #expect(lines.last == "exec '/opt/tick work/bin/tickwork' sweep cell '/shared/sweeps/mm' \"$SLURM_ARRAY_TASK_ID\"")
        // sbatch reads #SBATCH lines only before the first command.
        let firstCommand = lines.firstIndex { !$0.hasPrefix("#") } ?? lines.count
        #expect(lines.lastIndex { $0.hasPrefix("#SBATCH") } ?? 0 < firstCommand)
    }

    @Test func aNewlineInADataPathOrTheStrategyNameRunsNoCommand() {
        var manifest = Self.manifest
        manifest.strategy = "MarketMaker\ntouch /tmp/from-strategy"
        manifest.data = [SweepManifest.DataFile(path: "/data/a\ntouch /tmp/from-data\n.twrb", bytes: 1, sha256: String(repeating: "ab", count: 32))]
        let lines = SweepBatchScript.text(manifest, directory: SweepDirectory(path: "/shared/sweeps/mm")).split(separator: "\n")
        // A line bash runs is the shebang, a comment, `set -eu` or the one exec of the cell.
        let commands = lines.filter { !$0.hasPrefix("#") }
        #expect(commands.count == 2, "\(commands)")
        #expect(commands.first == "set -eu")
        #expect(commands.last?.hasPrefix("exec '/opt/tick work/bin/tickwork' sweep cell ") == true)
    }

    @Test func shellQuotingSurvivesQuotes() {
        #expect(SweepBatchScript.shellQuoted("/a/it's") == "'/a/it'\\''s'")
    }

    @Test func squeueRecordsOfTheSweepsJobsGiveEachTasksState() throws {
        // Slurm 22.05's form: task 0 done, 1 failed, 2 and 3 running, 4 and 5 pending as one
        // record; another job's task 1 is not the sweep's.
        let old = """
            {"jobs": [
              {"array_job_id": 7, "array_task_id": 0, "array_task_string": "", "job_state": "COMPLETED"},
              {"array_job_id": 7, "array_task_id": 1, "array_task_string": "", "job_state": "TIMEOUT"},
              {"array_job_id": 7, "array_task_id": 2, "array_task_string": "", "job_state": "RUNNING"},
              {"array_job_id": 7, "array_task_id": 3, "array_task_string": "", "job_state": "COMPLETING"},
              {"array_job_id": 7, "array_task_id": null, "array_task_string": "4-5%2", "job_state": "PENDING"},
              {"array_job_id": 9, "array_task_id": 1, "array_task_string": "", "job_state": "RUNNING"}
            ]}
            """
        let tasks = try SlurmQueue.parse(Data(old.utf8), jobs: [7])
        #expect(tasks == [0: .completed, 1: .failed, 2: .running, 3: .running, 4: .pending, 5: .pending])

        // Later versions: numbers as objects, states as lists; the resubmission (job 8) wins.
        let new = """
            {"jobs": [
              {"array_job_id": {"set": true, "number": 7}, "array_task_id": {"set": true, "number": 1}, "job_state": ["FAILED"]},
              {"array_job_id": {"set": true, "number": 8}, "array_task_id": {"set": false, "number": 0},
               "array_task_string": "1,3", "job_state": ["PENDING"]}
            ]}
            """
        #expect(try SlurmQueue.parse(Data(new.utf8), jobs: [7, 8]) == [1: .pending, 3: .pending])
        #expect(throws: CLIError.self) { try SlurmQueue.parse(Data("[]".utf8), jobs: [7]) }
    }

    @Test func arrayRangeTexts() {
        #expect(SlurmQueue.taskIDs("0-3,7,9-10%2") == [0, 1, 2, 3, 7, 9, 10])
        #expect(SlurmQueue.taskIDs("5") == [5])
        #expect(SlurmQueue.taskIDs("") == [])
    }
}
