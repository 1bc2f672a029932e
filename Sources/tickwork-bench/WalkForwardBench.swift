import Backtest
import Foundation
import Recording
import Risk
import StrategyKit
import Sweeps

/// A walk-forward as a user runs one: 20 synthetic days (`YYYY-MM-DD.twrb` day files of one-level
/// books, a seeded random walk of the mid), a 64-cell grid of MarketMaker (`libMarketMaker.so`
/// next to the executable; halfSpreadCents 1 to 8 by quoteSize 10 to 80), train=10d,test=2d
/// ranked by Sharpe, on 2 cores. Prints the wall time (`walkForward.wallSeconds`), the backtests
/// run a second (`walkForward.cellsPerSecond`: every window's cells, its test run and the whole
/// period's cells) and the books replayed a second across them (`walkForward.eventsPerSecond`).
enum WalkForwardBench {
    static let days = 20
    static let booksPerDay = 5_000

    static func run() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("tickwork-bench-walk-\(getpid())").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try writeDays(into: directory)
        let grid = try ParameterGrid(arguments: ["halfSpreadCents=1,2,3,4,5,6,7,8", "quoteSize=10,20,30,40,50,60,70,80"])
        let plan = WalkForward(trainDays: 10, testDays: 2)
        let recordings = try DayRecordings.select([directory])
        precondition(recordings.count == days, "every day written is a day of data")

        let start = monotonicNanoseconds()
        let report = try plan.run(grid, days: recordings, objective: .sharpe, concurrency: 2) { (cell) throws(BacktestError) -> Backtester in
            do {
                let values = Dictionary(uniqueKeysWithValues: cell.map { ($0.name, ParameterValue.integer(Int64($0.value)!)) })
                let (strategy, parameters) = try BacktestBench.marketMaker(values: values)
                return BacktestBench.backtester(
                    strategy: strategy, parameters: parameters,
                    limits: RiskLimits(
                        maxOrderQty: 1_000, maxPosition: 10_000, maxNotionalPerOrder: 100_000_000, maxOpenOrders: 100,
                        priceCollarBasisPoints: 1_000, maxOrdersPerSecond: 1_000, staleBookMs: 5_000, maxLoss: 100_000_000),
                    accountLimits: AccountRiskLimits(maxSymbolPosition: 10_000, maxLoss: 100_000_000))
            } catch {
                throw .engine(reason: "\(error)")
            }
        }
        let seconds = Double(monotonicNanoseconds() - start) / 1e9

        let windows = report.windows.count
        let cells = windows * grid.count + windows + grid.count
        let dayRuns = windows * grid.count * plan.trainDays + windows * plan.testDays + grid.count * plan.period(days: days).count
        let events = dayRuns * booksPerDay
        let inputs = [
            "days": String(days), "booksPerDay": String(booksPerDay), "grid": "64 cells: halfSpreadCents 1-8 x quoteSize 10-80",
            "plan": plan.text, "objective": "sharpe", "windows": String(windows), "cores": "2", "backtests": String(cells),
            "events": String(events), "strategy": "MarketMaker, 1 ms latency",
            "degradationPercent": report.degradationPercent.map { String(format: "%.1f", $0) } ?? "-",
        ]
        Figure(name: "walkForward.wallSeconds", unit: "s", value: seconds, inputs: inputs).print()
        Figure(name: "walkForward.cellsPerSecond", unit: "backtests/s", value: Double(cells) / seconds, inputs: inputs).print()
        Figure(name: "walkForward.eventsPerSecond", unit: "books/s", value: Double(events) / seconds, inputs: inputs).print()
    }

    /// `days` day files of `booksPerDay` one-level books 100 ms apart, a day after another, the
    /// mid a seeded random walk of -1, 0 or +1 cent a book carried from day to day.
    private static func writeDays(into directory: String) throws {
        var random = SplitMix64(seed: 51)
        var mid: Int64 = 5_000
        for day in 0..<days {
            let date = String(format: "2026-11-%02d", day + 1)
            let start: Int64 = 1_800_000_000_000_000_000 + Int64(day) * 86_400_000_000_000
            let session = RecordingSession(
                date: date, open: Timestamp(nanoseconds: start), close: Timestamp(nanoseconds: start + Int64(booksPerDay) * 100_000_000))
            let writer = try RecordingWriter(
                path: "\(directory)/\(date).twrb",
                header: RecordingHeader(venue: "TESTEX", symbols: ["FOOBAR"], producer: "tickwork-bench", session: session),
                format: .binary)
            for index in 0..<booksPerDay {
                mid = max(100, mid + random.int(in: -1...1))
                let time = start + Int64(index) * 100_000_000
                try writer.append(.book(BookSnapshot(
                    venue: "TESTEX", symbol: "FOOBAR", bids: [BookEntry(price: Price(cents: mid - 1), qty: Quantity(shares: 500), isBuy: true)],
                    asks: [BookEntry(price: Price(cents: mid + 1), qty: Quantity(shares: 500), isBuy: false)],
                    exchangeTime: Timestamp(nanoseconds: time - 1_000_000), receivedTime: Timestamp(nanoseconds: time),
                    sequence: UInt64(day * booksPerDay + index + 1))))
            }
            try writer.close()
        }
    }
}
