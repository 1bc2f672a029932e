import Foundation
import Live

#if canImport(Glibc)
import Glibc
#endif

/// The memory of a real `tickwork run` over many polls: it trades (polls) ten symbols every
/// 10 ms against a separate `tickwork exchange`, and its memory is read from /proc early and
/// after about 100,000 polls: private (USS, the goal: what this process alone costs), anonymous
/// (heap and stacks) and resident (RSS, which counts the shared Swift runtime the plugins need). With `monitor`, the daemon serves its monitor too and this scrapes
/// `/metrics` and `/api/status` every second (the figures are then `daemon.monitor.rss.*`).
/// With `stream`, the exchange runs two bots a symbol and the daemon streams (`exchange.stream`:
/// the tickertape and executions feeds, polls at the 10-second safety interval while the stream
/// is trusted; the figures are then `daemon.stream.*`, and `daemon.stream.monitor.*` with both).
enum DaemonMemoryBench {
    static func run(seconds: Int = 100, monitor: Bool = false, stream: Bool = false) throws {
        let directory = NSTemporaryDirectory() + "tickwork-bench-\(getpid())"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let binary = PluginLoader.executableDirectory + "/tickwork"
        let symbols = (1...10).map { "SYM\($0)" }
        let exchangeOutput = directory + "/exchange.out"
        let bots = stream ? ["--bots", "2"] : []
        let exchange = try spawn(
            binary, ["exchange", "--listen", "127.0.0.1:0", "--symbols", symbols.joined(separator: ",")] + bots, stdout: exchangeOutput)
        defer { kill(exchange.processIdentifier, SIGTERM); exchange.waitUntilExit() }
        var baseURL: String?
        for _ in 0..<200 where baseURL == nil {
            usleep(50_000)
            baseURL = (try? String(contentsOfFile: exchangeOutput, encoding: .utf8))?.split(separator: "\n")
                .first { $0.hasPrefix("listening on ") }.map { String($0.dropFirst("listening on ".count)) }
        }
        guard let baseURL else { throw BenchError("the exchange did not start") }
        let strategies = symbols.map {
            #"{"id": "fs-\#($0)", "plugin": "FirstSteps", "symbols": ["\#($0)"], "parameters": {"symbol": "\#($0)"}}"#
        }
        let config = directory + "/tickwork.json"
        let monitorKey = monitor ? #", "monitor": {"listen": "127.0.0.1:0"}"# : ""
        try """
            {"version": 1, "exchange": {"baseURL": "\(baseURL)", "maxRequestsPerSecond": 5000, "stream": \(stream)}, "pollIntervalMs": 10,
             "strategies": [\(strategies.joined(separator: ","))],
             "ledger": {"path": "\(directory)/ledger.jsonl"}, "riskStatePath": "\(directory)/risk.json"\(monitorKey)}
            """.write(toFile: config, atomically: true, encoding: .utf8)
        let log = directory + "/run.err"
        let daemon = try spawn(binary, ["run", "--config", config], stdout: "/dev/null", stderr: log, environment: ["TICKWORK_API_KEY": "bench"])
        let scraper = monitor ? try MonitorScraper.of(log: log) : nil
        defer { scraper?.stop() }
        sleep(UInt32(seconds / 10))
        let early = Usage(of: daemon.processIdentifier)
        sleep(UInt32(seconds - seconds / 10))
        let late = Usage(of: daemon.processIdentifier)
        kill(daemon.processIdentifier, SIGTERM)
        daemon.waitUntilExit()
        let summary = (try? String(contentsOfFile: log, encoding: .utf8))?.split(separator: "\n").last { $0.contains("summary") } ?? ""
        let polls = summary.split(separator: " ").first { $0.hasPrefix("books=") }.map { String($0.dropFirst(6)) } ?? "?"
        let inputs = ["symbols": "10", "pollIntervalMs": "10", "seconds": String(seconds), stream ? "books" : "polls": polls]
        let name = "daemon" + (stream ? ".stream" : "") + (monitor ? ".monitor" : "")
        let scrapes = scraper.map { ["monitor": "on, scraped \($0.stop()) times"] } ?? [:]
        for (when, usage) in [("early", early), ("late", late)] {
            let at = inputs.merging(["at": "\(when == "early" ? seconds / 10 : seconds) s"].merging(scrapes) { $1 }) { $1 }
            for (measure, bytes) in [("uss", usage.unique), ("anonymous", usage.anonymous), ("rss", usage.resident)] {
                Figure(name: "\(name).\(measure).\(when)", unit: "MB", value: Double(bytes) / 1_048_576, inputs: at).print()
            }
        }
    }

    struct BenchError: Error, CustomStringConvertible {
        var description: String
        init(_ description: String) { self.description = description }
    }

    static func spawn(_ binary: String, _ arguments: [String], stdout: String, stderr: String = "/dev/null", environment: [String: String] = [:]) throws -> Process {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        // Only a file that is not there yet: createFile replaces an existing path by a new
        // regular file, which made /dev/null one for the whole machine when run as root.
        for path in [stdout, stderr] where !FileManager.default.fileExists(atPath: path) {
            _ = FileManager.default.createFile(atPath: path, contents: nil)
        }
        process.standardOutput = FileHandle(forWritingAtPath: stdout)
        process.standardError = FileHandle(forWritingAtPath: stderr)
        try process.run()
        return process
    }

    /// A process's memory from `/proc/PID/smaps_rollup`, in bytes.
    struct Usage {
        /// `Private_Clean` + `Private_Dirty`: the pages no other process shares (USS).
        var unique = 0
        /// `Anonymous`: heap, stacks and other memory backed by no file.
        var anonymous = 0
        /// `Rss`.
        var resident = 0

        init(of pid: Int32) {
            let rollup = (try? String(contentsOfFile: "/proc/\(pid)/smaps_rollup", encoding: .utf8)) ?? ""
            for line in rollup.split(separator: "\n") {
                let fields = line.split(separator: " ", omittingEmptySubsequences: true)
                guard fields.count >= 2, let kilobytes = Int(fields[1]) else { continue }
                switch fields[0] {
                case "Private_Clean:", "Private_Dirty:": unique += kilobytes * 1_024
                case "Anonymous:": anonymous = kilobytes * 1_024
                case "Rss:": resident = kilobytes * 1_024
                default: break
                }
            }
        }
    }
}
