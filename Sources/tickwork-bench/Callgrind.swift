import Foundation

/// Counts the instructions of one gate workload with callgrind (Debian's `valgrind` package).
///
/// The workload runs in a child process, this executable again (`gate --workload NAME --inputs
/// DIR`), under `valgrind --tool=callgrind --collect-atstart=no --toggle-collect=…`: callgrind
/// counts nothing until the child enters `callgrindCounted`, everything (the workload and all it
/// calls) until it returns, and nothing after. Set-up (loading a plugin, opening a file,
/// generating a stream) is done before the call and so is not in the count, exactly, with no
/// control run to subtract and no C header of valgrind's to build against. Callgrind counts
/// each thread apart and only the thread that made the call collects, so every workload runs on
/// the calling thread (no read-ahead).
///
/// Debian 12's valgrind (3.19) does not know DWARF 5 forms the Swift 6.3 toolchain writes in
/// the debug information ("unhandled dwarf2 abbrev form code 0x25") and gives up, so the gate runs a copy of it and of the libraries
/// beside it (the SDK, the plugins) with their debug sections stripped (`strippedCopy`): the
/// code and the symbol table are untouched, so the count is the build's.
///
/// Swift seeds its hashing at random in every process, which moves dictionary and set costs
/// from run to run; the child gets `SWIFT_DETERMINISTIC_HASHING=1`, so the same build counts
/// the same instructions on every run, give or take ten in a hundred million (a file's reads).
enum Callgrind {
    /// The function whose calls are counted, as callgrind's `--toggle-collect` names it: the
    /// Swift symbol's mangled name holds the function's name.
    static let countedFunction = "*callgrindCounted*"

    /// Runs `body`: the one stretch of a workload's process that callgrind counts. Never inlined
    /// nor specialized, so that the symbol is entered once around the workload and holds no
    /// closure of its own (a nested symbol of the same name would toggle collection off).
    @inline(never) @_optimize(none)
    static func callgrindCounted(_ body: () throws -> Void) rethrows {
        try body()
    }

    /// Copies `executable` and every `lib*.so` beside it into `directory`, without their debug
    /// sections (`strip --strip-debug`, binutils'), and returns the copy of `executable`. A
    /// library found through the executable's `$ORIGIN` (libStrategyKit.so) or loaded from its
    /// directory (libMarketMaker.so) is then the copy's.
    static func strippedCopy(of executable: String, into directory: String) throws -> String {
        let source = URL(fileURLWithPath: executable).deletingLastPathComponent().path
        let libraries = try FileManager.default.contentsOfDirectory(atPath: source).filter { $0.hasPrefix("lib") && $0.hasSuffix(".so") }
        let name = URL(fileURLWithPath: executable).lastPathComponent
        for file in [name] + libraries.sorted() {
            let strip = try DaemonMemoryBench.spawn(
                "/usr/bin/env", ["strip", "--strip-debug", "-o", "\(directory)/\(file)", "\(source)/\(file)"],
                stdout: "/dev/null", stderr: "\(directory)/strip.err")
            strip.waitUntilExit()
            guard strip.terminationStatus == 0 else {
                let reason = (try? String(contentsOfFile: "\(directory)/strip.err", encoding: .utf8)) ?? ""
                throw DaemonMemoryBench.BenchError("strip --strip-debug \(source)/\(file) failed (is binutils installed?): \(reason)")
            }
        }
        return "\(directory)/\(name)"
    }

    /// Starts counting the instructions of `workload`: this executable's `gate --workload` under
    /// callgrind, with its inputs in `inputs`, where callgrind's output and log and the child's
    /// own output go too. `total(of:process:inputs:)` reads the count once the process has ended.
    static func start(workload: String, executable: String, inputs: String) throws -> Process {
        try DaemonMemoryBench.spawn(
            "/usr/bin/env",
            [
                "valgrind", "--tool=callgrind", "--collect-atstart=no", "--toggle-collect=\(countedFunction)",
                "--callgrind-out-file=\(inputs)/\(workload).callgrind", "--log-file=\(inputs)/\(workload).valgrind.log",
                executable, "gate", "--workload", workload, "--inputs", inputs,
            ],
            stdout: "\(inputs)/\(workload).out", stderr: "\(inputs)/\(workload).err", environment: ["SWIFT_DETERMINISTIC_HASHING": "1"])
    }

    /// The instructions `workload` took, once its process (`start`'s) has ended; throws with the
    /// end of its logs if it failed.
    static func total(of workload: String, process: Process, inputs: String) throws -> UInt64 {
        process.waitUntilExit()
        guard process.terminationReason == .exit, process.terminationStatus == 0 else {
            let tails = ["err", "valgrind.log"].map { "\(inputs)/\(workload).\($0)" }.map { path in
                let text = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
                return "\(path):\n" + text.split(separator: "\n").suffix(15).joined(separator: "\n")
            }
            throw DaemonMemoryBench.BenchError(
                "\(workload): the workload failed under callgrind (status \(process.terminationStatus))\n" + tails.joined(separator: "\n"))
        }
        let output = "\(inputs)/\(workload).callgrind"
        return try total(callgrindOutput: String(contentsOfFile: output, encoding: .utf8), path: output)
    }

    /// The instructions counted, from the `totals:` line of callgrind's output (`summary:` in
    /// older versions).
    static func total(callgrindOutput text: String, path: String) throws -> UInt64 {
        for line in text.split(separator: "\n") where line.hasPrefix("totals:") || line.hasPrefix("summary:") {
            if let value = line.split(separator: " ").dropFirst().first.flatMap({ UInt64($0) }) { return value }
        }
        throw DaemonMemoryBench.BenchError("\(path): no `totals:` line; is this callgrind's output?")
    }
}
