import CommandLineKit
import FoundationEssentials
import Sweeps
import SystemIO

/// `tickwork sweep submit`: a planned sweep handed to Slurm as one job array.
enum SweepSubmit {
    static let command = Command(
        name: "submit",
        summary: "Submit a planned sweep to Slurm as a job array.",
        discussion: """
            Checks the sweep (its manifest, this Tickwork's version, the recording's size and \
            SHA-256, the strategy's plugin), then runs 'sbatch --parsable' on DIR/sweep.sbatch \
            and appends the job id to DIR/jobs, where 'tickwork sweep status' and 'collect' \
            find it. A walk-forward's directory is submitted as one array per window, each \
            window's test job after its array (--dependency=afterok), and the whole period's \
            array. --sbatch-args adds sbatch options before the script's own (which they \
            override), split at spaces: --sbatch-args "--partition=short --qos=low".
            """,
        arguments: [directory],
        options: [sbatchArguments, JSONOutput.flag],
        run: run
    )

    static let directory: Argument<String> = .required("DIR", help: "The directory 'tickwork sweep plan' wrote.")
    static let sbatchArguments: Option<[String]> = .repeated(
        "--sbatch-args", "ARGS", help: "More sbatch options, split at spaces (repeatable).", parse: .text)

    static func run(_ invocation: Invocation) throws -> Int32 {
        let walkForward = WalkForwardDirectory(path: SweepPlan.absolute(invocation[Self.directory]))
        if walkForward.exists {
            return try SweepWalkForward.submit(walkForward, arguments: words(invocation[sbatchArguments]), json: invocation[JSONOutput.flag])
        }
        let directory = SweepDirectory(path: SweepPlan.absolute(invocation[Self.directory]))
        let runner = try SweepCellRunner(directory: directory, verifyChecksum: true)
        let job = try submit(directory, arguments: words(invocation[sbatchArguments]))
        let manifest = runner.manifest
        if invocation[JSONOutput.flag] {
            Console.out(try JSONOutput.encode(Submitted(directory: directory.path, job: job, cells: manifest.cells, maxParallel: manifest.resources.maxParallel)))
        } else {
            Console.out("\(directory.path): submitted as job \(job): \(manifest.cells) cells, at most \(manifest.resources.maxParallel) at once")
        }
        return 0
    }

    /// The texts of `--sbatch-args`, each split at whitespace, as sbatch arguments.
    static func words(_ texts: [String]) -> [String] {
        texts.flatMap { $0.split(whereSeparator: \.isWhitespace).map(String.init) }
    }

    /// Submits `directory`'s script with `arguments` and records the job id in its jobs file.
    static func submit(_ directory: SweepDirectory, arguments: [String]) throws -> Int {
        let job = try SlurmQueue.submit(script: directory.scriptPath, arguments: arguments)
        let jobs = directory.jobs() + [job]
        try DurableFile.replace(directory.jobsPath, with: Array(jobs.map { "\($0)\n" }.joined().utf8))
        return job
    }

    /// What `--json` prints.
    struct Submitted: Encodable {
        var directory: String
        var job: Int
        var cells: Int
        var maxParallel: Int
    }
}
