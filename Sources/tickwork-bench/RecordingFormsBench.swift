import Foundation
import Recording

/// The three recording forms of one session side by side: bytes per book and the read rate
/// (books/s and MB/s on one core, by the thread's CPU time, the best of three reads) of the JSON
/// Lines, binary and compact forms. The session is TICKWORK_BENCH_SESSION (a recording in any
/// form, e.g. `../shared/peer-bench`'s session.jsonl) or, without it, 1,000,000 books of a
/// `SyntheticSession`, made as the peer benchmark makes its own.
enum RecordingFormsBench {
    static func run() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("tickwork-forms-\(getpid())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let given = ProcessInfo.processInfo.environment["TICKWORK_BENCH_SESSION"]
        let source = given ?? directory.appendingPathComponent("generated.twrb").path
        if given == nil { try SyntheticSession.write(books: 1_000_000, path: source) }
        var inputs = ["session": given ?? "generated: 1,000,000 books of SyntheticSession (peer-bench's model, 20 levels a side)"]
        // TICKWORK_BENCH_FORMS (jsonLines,binary,compact) measures some forms only, e.g. under perf.
        let forms = ProcessInfo.processInfo.environment["TICKWORK_BENCH_FORMS"].map { $0.split(separator: ",").map(String.init) }
        for format in [RecordingFormat.jsonLines, .binary, .compact] where forms?.contains(format.rawValue) ?? true {
            let path = directory.appendingPathComponent("session." + ["jsonLines": "jsonl", "binary": "twrb", "compact": "twrc"][format.rawValue]!).path
            try RecordingConverter.convert(source, to: path, format: format)
            let bytes = try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int ?? 0
            let reads = try (0..<3).map { _ in try BacktestBench.read(path) }
            let best = reads.min { $0.cpuSeconds < $1.cpuSeconds }!
            inputs["form"] = format.rawValue
            inputs["bytes"] = String(bytes)
            inputs["books"] = String(best.books)
            Figure(name: "recording.\(format.rawValue).bytesPerBook", unit: "bytes", value: Double(bytes) / Double(best.books), inputs: inputs).print()
            Figure(
                name: "recording.\(format.rawValue).read", unit: "books/s", value: Double(best.books) / best.cpuSeconds,
                inputs: inputs.merging([
                    "MB/s": String(Int(Double(bytes) / 1e6 / best.cpuSeconds)),
                    "cpuSeconds": reads.map { String(format: "%.3f", $0.cpuSeconds) }.joined(separator: ", "),
                ]) { $1 }
            ).print()
            try FileManager.default.removeItem(atPath: path)
        }
    }
}
