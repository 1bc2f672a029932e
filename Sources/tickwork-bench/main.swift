// tickwork-bench: run in release (`swift run -c release tickwork-bench [NAME...]`). Prints one
// JSON object per figure. With no names, runs every benchmark. `tickwork-bench gate` is the
// performance gate instead (`Gate`, README.md).

import Foundation
import Lifecycle
import Live

let benchmarks: [(name: String, run: () throws -> Void)] = [
    ("plugin", PluginBench.run),
    ("engine", {
        try EngineBench.run()
        try RunnerBench.run()
    }),
    ("daemon-memory", { try DaemonMemoryBench.run() }),
    ("daemon-memory-stream", {
        try DaemonMemoryBench.run(stream: true)
        try DaemonMemoryBench.run(monitor: true, stream: true)
    }),
    ("notify", NotifyBench.run),
    ("monitor", MonitorBench.run),
    ("halt", { try HaltBench.run() }),
    ("sizes", SizeBench.run),
    ("matching", { runMatchingBench() }),
    ("server", {
        try runServerBench()
        try runServerBench(eventLoops: 2)
        try runServerPlaceBench()
    }),
    ("server-place", { try runServerPlaceBench() }),
    ("ledger", { try runLedgerBench() }),
    ("history", HistoryBench.run),
    ("backtest", BacktestBench.run),
    ("history-day", HistoryDayBench.run),
    ("history-facts", HistoryFactsBench.run),
    ("bars", { try BarBench.run() }),
    ("recording-forms", RecordingFormsBench.run),
    ("client-decode", { try runBookDecodeBench() }),
    ("alpaca-decode", { try runAlpacaBarsDecodeBench() }),
    ("edgar-decode", EdgarDecodeBench.run),
    ("filings-offline", FilingsOfflineBench.run),
    ("alpaca-engine", { try AlpacaEngineBench.run() }),
    ("client", { try runBlocking { try await runClientBench() } }),
    ("tls", { try runBlocking { try await runTLSBench() } }),
    ("symbols", SymbolSearchBench.run),
    ("indicators", IndicatorBench.run),
    ("download", DownloadBench.run),
    ("walk-forward", WalkForwardBench.run),
    ("ws-decode", { WebSocketBench.runDecode() }),
    ("ws-messages", { try WebSocketBench.runMessages() }),
    ("stream-latency", { try StreamLatencyBench.run() }),
    ("stream-subscribers", { try StreamSubscribersBench.run() }),
]

if CommandLine.arguments.dropFirst().first == "gate" {
    do {
        exit(try Gate.run(Array(CommandLine.arguments.dropFirst(2))))
    } catch {
        FileHandle.standardError.write(Data("tickwork-bench gate: \(error)\n".utf8))
        exit(1)
    }
}

let selected = Array(CommandLine.arguments.dropFirst())
let unknown = selected.filter { name in !benchmarks.contains { $0.name == name } }
if !unknown.isEmpty {
    FileHandle.standardError.write(Data("tickwork-bench: unknown benchmark \(unknown.joined(separator: ", ")); known: \(benchmarks.map(\.name).joined(separator: ", "))\n".utf8))
    exit(64)
}
for benchmark in benchmarks where selected.isEmpty || selected.contains(benchmark.name) {
    do {
        try benchmark.run()
    } catch {
        FileHandle.standardError.write(Data("tickwork-bench: \(benchmark.name): \(error)\n".utf8))
        exit(1)
    }
}
