// Benchmarks, release builds only: `tickwork-bench [NAME...]` runs the named ones (all by default).
import Glibc

let benchmarks: [String: () throws -> Void] = [
    "matching": { runMatchingBench() },
    "server": {
        try runServerBench()
        try runServerBench(eventLoops: 2)
    },
]
let wanted = CommandLine.arguments.dropFirst()
for name in wanted.isEmpty ? Array(benchmarks.keys).sorted() : Array(wanted) {
    guard let run = benchmarks[name] else {
        print("unknown benchmark \(name); known: \(benchmarks.keys.sorted().joined(separator: ", "))")
        exit(64)
    }
    do {
        try run()
    } catch {
        print("benchmark \(name) failed: \(error)")
        exit(1)
    }
}
