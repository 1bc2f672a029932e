import Foundation
import Live
import SimulatedMarket

/// `tickwork data download` against the simulated exchange in this process: the records a
/// second of the built binary over loopback, once under Alpaca's free budget of 200 requests a
/// minute in pages of 1000 (some hundred requests, most of them held by the budget; with the
/// share of the time it held them, from the download's own summary) and once in pages of 10000
/// with a budget it never meets (what the client, the merge and the compact writer cost).
enum DownloadBench {
    static let steps = 40_000

    static func run() throws {
        var configuration = try VenueConfiguration(symbols: ["AAPL", "MSFT"])
        configuration.bots = BotConfiguration()
        configuration.botInterval = nil
        let server = try VenueServer(configuration: configuration)
        defer { server.stop() }
        for _ in 0..<steps { server.stepBots() }
        let binary = PluginLoader.executableDirectory + "/tickwork"
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("tickwork-bench-download-\(getpid())").path
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        let today = newYorkDate()
        for (label, rate, page) in [("alpaca-free", "200", "1000"), ("unbounded", "100000", "10000")] {
            let out = "\(scratch)/\(label)"
            let summaryFile = "\(scratch)/\(label).json"
            try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
            let process = try DaemonMemoryBench.spawn(
                binary,
                ["data", "download", "AAPL", "MSFT", "--from", today, "--to", today, "--out", out, "--base-url", "http://\(server.address)",
                 "--rate", rate, "--page-size", page, "--json"],
                stdout: summaryFile, environment: ["APCA_API_KEY_ID": "BENCH", "APCA_API_SECRET_KEY": "any"])
            process.waitUntilExit()
            guard process.terminationStatus == 0,
                  let summary = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: summaryFile))) as? [String: Any],
                  let records = summary["records"] as? Int, let seconds = summary["seconds"] as? Double, seconds > 0 else {
                throw DaemonMemoryBench.BenchError("data download --rate \(rate) failed (status \(process.terminationStatus))")
            }
            let waited = summary["rateWaitSeconds"] as? Double ?? 0
            let inputs = ["records": String(records), "rate": "\(rate)/min", "page": page, "symbols": "2", "botSteps": String(steps)]
            Figure(name: "download.\(label).records_per_second", unit: "records/s", value: Double(records) / seconds, inputs: inputs).print()
            Figure(name: "download.\(label).rate_wait_share", unit: "%", value: 100 * waited / seconds, inputs: inputs).print()
        }
    }

    /// Today's date in New York, the trading day the bots' history falls on.
    private static func newYorkDate() -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "America/New_York")
        formatter.dateFormat = "yyyy-MM-dd"
        return formatter.string(from: Date())
    }
}
