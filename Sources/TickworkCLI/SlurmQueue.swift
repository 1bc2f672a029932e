import CommandLineKit
import FoundationEssentials
import Wire

/// Slurm as a sweep uses it: `sbatch --parsable` to submit the batch script and `squeue --json`
/// to see its array tasks. Both run as child processes found on `PATH`.
enum SlurmQueue {
    /// An array task's state as the queue reports it.
    enum TaskState: String, Sendable {
        case pending, running, completed, failed
    }

    /// Submits `script` with `arguments` before it (they override its `#SBATCH` lines, so
    /// `--array=3,5%4` resubmits two cells); returns the job id `sbatch --parsable` printed.
    static func submit(script: String, arguments: [String]) throws(CLIError) -> Int {
        let result = try ExternalCommand.run("sbatch", ["--parsable"] + arguments + [script])
        guard result.status == 0 else { throw .failure("sbatch: \(result.errorLine)") }
        let text = result.stdout.trimmingWhitespace
        guard let id = Int(text.split(separator: ";").first ?? "") else {
            throw .failure("sbatch --parsable printed \"\(text)\", not a job id")
        }
        return id
    }

    /// The state of every array task of `jobs` that `squeue --json` lists, by task id; nil when
    /// squeue cannot be run or fails (the reason in `problem`).
    static func tasks(of jobs: Set<Int>) -> (tasks: [Int: TaskState], problem: String?) {
        guard !jobs.isEmpty else { return ([:], nil) }
        do {
            let result = try ExternalCommand.run("squeue", ["--json"])
            guard result.status == 0 else { return ([:], "squeue: \(result.errorLine)") }
            return (try parse(Data(result.stdout.utf8), jobs: jobs), nil)
        } catch {
            return ([:], error.description)
        }
    }

    /// The array tasks of `jobs` in `squeue --json` output, by task id. Reads the forms of
    /// Slurm 22.05 (plain numbers and state strings) and later (`{"number": N}`, state lists);
    /// a pending array's tasks come as one record whose `array_task_string` is `4-5%2`. When a
    /// task appears in several jobs (it was resubmitted), the later job's record wins.
    static func parse(_ data: Data, jobs: Set<Int>) throws(CLIError) -> [Int: TaskState] {
        let records: [Record]
        do {
            records = try JSONDecoder().decode(Queue.self, from: data).jobs
        } catch {
            throw .failure("squeue --json: expected an object with a \"jobs\" array")
        }
        var tasks: [Int: (job: Int, state: TaskState)] = [:]
        for record in records {
            guard let job = record.job, jobs.contains(job), let state = record.state else { continue }
            var ids: [Int] = []
            if let id = record.task {
                ids = [id]
            } else if let text = record.taskRange {
                ids = taskIDs(text)
            }
            for id in ids where tasks[id].map({ $0.job <= job }) ?? true {
                tasks[id] = (job, state)
            }
        }
        return tasks.mapValues(\.state)
    }

    /// The ids of an array range text: `0-3,7,9-10%2` is 0, 1, 2, 3, 7, 9 and 10.
    static func taskIDs(_ text: String) -> [Int] {
        let ranges = text.split(separator: "%").first ?? ""
        return ranges.split(separator: ",").flatMap { part -> [Int] in
            let bounds = part.split(separator: "-").compactMap { Int($0) }
            if bounds.count == 2, bounds[0] <= bounds[1] { return Array(bounds[0]...bounds[1]) }
            return bounds.count == 1 ? bounds : []
        }
    }

    /// The state a queue's state name stands for: the base state of a job.
    static func state(named name: String) -> TaskState {
        switch name {
        case "PENDING", "REQUEUED", "REQUEUE_HOLD", "REQUEUE_FED": return .pending
        case "RUNNING", "CONFIGURING", "COMPLETING", "SUSPENDED", "STAGE_OUT", "RESIZING", "SIGNALING": return .running
        case "COMPLETED": return .completed
        default: return .failed
        }
    }
}
