import Foundation

/// `tickwork-bench gate [--update] [--baseline PATH]`: the performance gate. Counts the
/// instructions of every `GateWorkload` with callgrind (`Callgrind`), prints them against the
/// baseline (`GateBaseline`, `gate-baseline.json` beside this file) and exits 1 when the
/// comparison fails (`GateComparison`: a workload more than 3% over its baseline, or a baseline
/// that does not match the workloads). `--update` writes the counts as the new baseline instead,
/// with the commit they were measured at.
///
/// `gate --workload NAME --inputs DIR` is the child callgrind runs: one workload's set-up, then
/// the workload inside `Callgrind.callgrindCounted`.
enum Gate {
    static let usage = "usage: tickwork-bench gate [--update] [--baseline PATH]"

    /// The baseline in the source tree this executable was built from.
    static let defaultBaseline = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("gate-baseline.json").path

    /// Runs the gate with `arguments` (those after `gate`); returns the exit status.
    static func run(_ arguments: [String]) throws -> Int32 {
        var options = [String: String]()
        var update = false
        var rest = arguments[...]
        while let argument = rest.popFirst() {
            switch argument {
            case "--update": update = true
            case "--baseline", "--workload", "--inputs":
                guard let value = rest.popFirst() else { return usageError("\(argument) needs a value") }
                options[argument] = value
            default: return usageError("unknown argument \(argument)")
            }
        }
        if options["--workload"] != nil || options["--inputs"] != nil {
            guard let workload = options["--workload"], let inputs = options["--inputs"] else {
                return usageError("--workload and --inputs go together")
            }
            try runWorkload(workload, inputs: inputs)
            return 0
        }
        return try measure(baseline: options["--baseline"] ?? defaultBaseline, update: update)
    }

    /// Says what is wrong with the arguments, and the usage; returns 64, the status of a usage error.
    private static func usageError(_ message: String) -> Int32 {
        FileHandle.standardError.write(Data("tickwork-bench gate: \(message)\n\(usage)\n".utf8))
        return 64
    }

    /// The child: sets `name` up on the inputs in `inputs`, then runs it where callgrind counts.
    private static func runWorkload(_ name: String, inputs: String) throws {
        guard let workload = GateWorkload.all.first(where: { $0.name == name }) else {
            throw DaemonMemoryBench.BenchError("no gate workload \(name); known: \(GateWorkload.all.map(\.name).joined(separator: ", "))")
        }
        let counted = try workload.setUp(inputs)
        try Callgrind.callgrindCounted(counted)
    }

    /// Makes the inputs, counts every workload (as many at once as there are processors: each
    /// is a process of its own, counted apart), then compares or updates.
    private static func measure(baseline path: String, update: Bool) throws -> Int32 {
        let started = Date()
        let inputs = FileManager.default.temporaryDirectory.appendingPathComponent("tickwork-gate-\(getpid())").path
        try FileManager.default.createDirectory(atPath: inputs, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: inputs) }
        try GateWorkload.makeInputs(inputs)

        let binaries = "\(inputs)/bin"
        try FileManager.default.createDirectory(atPath: binaries, withIntermediateDirectories: true)
        let executable = try Callgrind.strippedCopy(
            of: (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0], into: binaries)
        let names = GateWorkload.all.map(\.name)
        var counts: [(workload: String, instructions: UInt64)] = []
        var next = 0
        while next < names.count {
            let batch = names[next..<min(next + ProcessInfo.processInfo.activeProcessorCount, names.count)]
            next += batch.count
            let processes = try batch.map { try Callgrind.start(workload: $0, executable: executable, inputs: inputs) }
            for (name, process) in zip(batch, processes) {
                counts.append((name, try Callgrind.total(of: name, process: process, inputs: inputs)))
            }
        }
        let seconds = String(format: "%.0f s", Date().timeIntervalSince(started))

        if update {
            // The table against the baseline replaced, if any: the figures for the commit message.
            let replaced = try? GateBaseline.parse(Data(contentsOf: URL(fileURLWithPath: path)), path: path)
            let baseline = GateBaseline(
                commit: headCommit(of: path), instructions: Dictionary(uniqueKeysWithValues: counts.map { ($0.workload, $0.instructions) }))
            try baseline.encoded().write(to: URL(fileURLWithPath: path))
            print(GateComparison(baseline: replaced?.instructions ?? [:], counts: counts).table())
            print("gate: wrote \(path) (commit \(baseline.commit)) in \(seconds), "
                + "replacing the baseline of commit \(replaced?.commit ?? "none")")
            return 0
        }
        let baseline = try GateBaseline.parse(Data(contentsOf: URL(fileURLWithPath: path)), path: path)
        let comparison = GateComparison(baseline: baseline.instructions, counts: counts)
        print(comparison.table())
        print("gate: instructions counted by callgrind against \(path) (commit \(baseline.commit)) in \(seconds): "
            + (comparison.fails ? "FAILED" : "passed"))
        return comparison.fails ? 1 : 0
    }

    /// The commit checked out where `file` is, or "unknown" outside a repository.
    private static func headCommit(of file: String) -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git", "-C", URL(fileURLWithPath: file).deletingLastPathComponent().path, "rev-parse", "HEAD"]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return "unknown" }
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let commit = String(decoding: output, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        return process.terminationStatus == 0 && !commit.isEmpty ? commit : "unknown"
    }
}
