import Foundation
import History
import Live
import StrategyKit

/// `tickwork filings AAPL --offline` end to end, as a user runs it: the built binary spawned on
/// a history database of 7,000 filings (5,000 of AAPL's, 100 of each of 20 other companies'),
/// listing AAPL's newest 20 from it. Wall time from `posix_spawn` to `wait4`, which includes
/// starting the process; `tickwork --version` is timed the same way beside it, for what starting
/// alone costs.
enum FilingsOfflineBench {
    static let rounds = 40

    static func run() throws {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("tickwork-bench-filings-\(getpid())").path
        try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        let database = scratch + "/history.sqlite"
        try fill(database)
        let binary = PluginLoader.executableDirectory + "/tickwork"
        let inputs = ["filings": "7000", "ofTheTicker": "5000", "listed": "20", "rounds": String(rounds)]
        for (label, arguments) in [("filings_offline", ["filings", "AAPL", "--offline", "--db", database]), ("version", ["--version"])] {
            var samples: [UInt64] = []
            for _ in 0..<rounds {
                let start = monotonicNanoseconds()
                let exitCode = try SizeBench.runToExit(binary, arguments).exitCode
                samples.append(monotonicNanoseconds() - start)
                guard exitCode == 0 else {
                    throw DaemonMemoryBench.BenchError("tickwork \(arguments.joined(separator: " ")) exited \(exitCode)")
                }
            }
            samples.sort()
            Figure(name: "cli.\(label).p50", unit: "ms", value: Double(percentile(samples, 0.5)) / 1e6, inputs: inputs).print()
            Figure(name: "cli.\(label).p90", unit: "ms", value: Double(percentile(samples, 0.9)) / 1e6, inputs: inputs).print()
        }
    }

    /// A history at `path` holding the companies and filings above, a day apart, newest now.
    private static func fill(_ path: String) throws {
        let history = try HistoryDatabase(path: path)
        let now = Timestamp(nanoseconds: Int64(Date().timeIntervalSince1970) * 1_000_000_000)
        let companies = [(Int64(320193), "AAPL", 5_000)] + (1...20).map { (Int64(9_000_000_000 + $0), "CO\($0)", 100) }
        try history.upsert(companies.map { cik, ticker, _ in
            HistoryCompany(cik: cik, name: "\(ticker) Inc.", tickers: [ticker], sic: nil, sicDescription: nil, fiscalYearEnd: nil, updated: now)
        })
        for (cik, ticker, count) in companies {
            let filings = (0..<count).map { index in
                let accession = String(format: "%010lld-%02d-%06d", cik, 26, index)
                return HistoryFiling(
                    accession: accession, cik: cik, form: ["8-K", "10-Q", "4", "10-K"][index % 4], filingDate: "2026-01-01",
                    reportDate: nil, accepted: now.advanced(byNanoseconds: -Int64(index) * 86_400_000_000_000),
                    primaryDocument: "\(ticker.lowercased())-\(index).htm", items: index % 4 == 0 ? ["2.02", "9.01"] : [],
                    url: "https://www.sec.gov/Archives/edgar/data/\(cik)/\(accession.filter { $0 != "-" })/\(ticker.lowercased())-\(index).htm",
                    firstSeen: now)
            }
            _ = try history.insert(filings)
        }
    }
}
