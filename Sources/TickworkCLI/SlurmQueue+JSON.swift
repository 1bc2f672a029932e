import FoundationEssentials

/// The parts of `squeue --json` a sweep reads, decoded tolerantly: a field of an unexpected
/// shape is absent rather than an error, since Slurm's releases change these shapes.
extension SlurmQueue {
    /// The whole document: its `jobs` array.
    struct Queue: Decodable {
        var jobs: [Record]
    }

    /// One job record: an array task, or a pending array's remaining tasks as one range.
    struct Record: Decodable {
        /// `array_job_id`: the job the array was submitted as.
        var job: Int?
        /// `array_task_id`: this record's task, when it is one task.
        var task: Int?
        /// `array_task_string`: the tasks a pending record stands for (`4-5%2`).
        var taskRange: String?
        /// `job_state`: the base state.
        var state: TaskState?

        enum CodingKeys: String, CodingKey {
            case job = "array_job_id", task = "array_task_id", taskRange = "array_task_string", state = "job_state"
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            job = (try? container.decodeIfPresent(Number.self, forKey: .job))?.value
            task = (try? container.decodeIfPresent(Number.self, forKey: .task))?.value
            taskRange = try? container.decodeIfPresent(String.self, forKey: .taskRange)
            state = (try? container.decodeIfPresent(StateName.self, forKey: .state))?.state
        }
    }

    /// A number, plain (Slurm 22.05) or `{"set": true, "number": N}` (later); nil when unset.
    struct Number: Decodable {
        var value: Int?

        enum CodingKeys: String, CodingKey {
            case set, number
        }

        init(from decoder: any Decoder) throws {
            if let plain = try? decoder.singleValueContainer().decode(Int.self) {
                value = plain
                return
            }
            let container = try decoder.container(keyedBy: CodingKeys.self)
            let set = (try? container.decodeIfPresent(Bool.self, forKey: .set)) ?? nil
            value = set == false ? nil : try container.decodeIfPresent(Int.self, forKey: .number)
        }
    }

    /// A job state: a string (Slurm 22.05) or a list whose first entry is the base state (later).
    struct StateName: Decodable {
        var state: TaskState?

        init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            let name = try (try? container.decode(String.self)) ?? container.decode([String].self).first
            state = name.map(SlurmQueue.state(named:))
        }
    }
}
