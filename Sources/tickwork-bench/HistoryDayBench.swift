import Backtest
import Foundation
import Recording
import Risk
import StrategyKit
import Trading

/// A day of downloaded history, as `data download` writes it: one compact file of one-level
/// quotes and trades (2,000,000 quotes and 1,000,000 trades over a regular session of 6.5 hours,
/// conditions on most trades), read back (events/s, one thread by its CPU time) and backtested
/// with a strategy that never trades but is called with every book and every trade: events/s on
/// one thread by its CPU time, and by the wall clock with the file read ahead on a second thread.
enum HistoryDayBench {
    static let quotes = 2_000_000
    static let trades = 1_000_000

    static func run() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("tickwork-bench-\(getpid())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("2026-11-02.twrc").path
        try generate(path)
        let events = quotes + trades
        let bytes = try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int ?? 0
        let inputs = [
            "quotes": String(quotes), "trades": String(trades), "form": "compact", "bytes": String(bytes),
            "bytesPerEvent": String(format: "%.1f", Double(bytes) / Double(events)),
        ]

        let reads = try (0..<3).map { _ in try timed { try count(RecordingFormat.open(path: path)) } }
        let read = reads.sorted { $0.cpu < $1.cpu }[1]
        precondition(read.value == events, "every record read back")
        Figure(name: "historyDay.read", unit: "events/s", value: Double(events) / read.cpu,
               inputs: inputs.merging(["runs": "3, the median shown", "threads": "1, by its CPU time"]) { $1 }).print()

        for readingAhead in [false, true] {
            let runs = try (0..<3).map { _ in try timed { try backtest(path, readingAhead: readingAhead) } }
            let rate = { (run: Timed<Int>) in Double(events) / (readingAhead ? run.wall : run.cpu) }
            let median = runs.sorted { rate($0) < rate($1) }[1]
            precondition(median.value == quotes, "every quote reached the engine")
            Figure(
                name: readingAhead ? "historyDay.backtest.idle.readAhead" : "historyDay.backtest.idle", unit: "events/s",
                value: rate(median),
                inputs: inputs.merging([
                    "strategy": "in-process, never trades, called with every book and trade",
                    "runs": "3, the median shown; all: \(runs.map { String(Int(rate($0))) }.joined(separator: ", "))",
                    "threads": readingAhead ? "2: read ahead; value by the wall clock" : "1: value by its CPU time",
                ]) { $1 }).print()
        }
    }

    /// Writes the day: two quotes then a trade, evenly over the session, the spread one cent
    /// wide around a mid that walks a cent at a time.
    private static func generate(_ path: String) throws {
        let open = Timestamp(nanoseconds: 1_793_629_800_000_000_000)
        let close = Timestamp(nanoseconds: 1_793_653_200_000_000_000)
        let session = RecordingSession(
            date: "2026-11-02", open: open, close: close,
            extendedOpen: Timestamp(nanoseconds: 1_793_610_000_000_000_000), extendedClose: Timestamp(nanoseconds: 1_793_667_600_000_000_000))
        let writer = try RecordingWriter(
            path: path, header: RecordingHeader(venue: "ALPACA", symbols: ["AAPL"], producer: "tickwork-bench", session: session),
            format: .compact)
        var state: UInt64 = 7
        var mid: Int64 = 2_300_000
        let step = (close.nanoseconds - open.nanoseconds) / Int64(quotes + trades)
        var book = BookSnapshot(venue: "ALPACA", symbol: "AAPL", bids: [], asks: [], exchangeTime: open, receivedTime: open, sequence: 0)
        let conditions = [["@"], ["@", "F", "I"], [], ["@", "T"]]
        for index in 0..<(quotes + trades) {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let time = Timestamp(nanoseconds: open.nanoseconds + Int64(index) * step)
            if index % 3 == 2 {
                let trade = Trade(symbol: "AAPL", price: Price(units: mid + 50), qty: Quantity(shares: Int64(1 + (state >> 33) % 400)), time: time)
                try writer.append(.trade(RecordedTrade(trade, conditions: conditions[Int((state >> 40) % 4)])))
                continue
            }
            mid = min(max(mid + Int64((state >> 33) % 3) * 100 - 100, 2_200_000), 2_400_000)
            book.bids.removeAll(keepingCapacity: true)
            book.asks.removeAll(keepingCapacity: true)
            book.bids.append(BookEntry(price: Price(units: mid - 50), qty: Quantity(shares: Int64(100 + (state >> 45) % 900)), isBuy: true))
            book.asks.append(BookEntry(price: Price(units: mid + 50), qty: Quantity(shares: Int64(100 + (state >> 50) % 900)), isBuy: false))
            book.exchangeTime = time
            book.receivedTime = time
            book.sequence += 1
            try writer.append(.book(book))
        }
        try writer.close()
    }

    private static func count(_ reader: any RecordingReader) throws -> Int {
        var events = 0
        while try reader.next() != nil { events += 1 }
        return events
    }

    /// Backtests the idle strategy over the day; returns the books the engine saw.
    private static func backtest(_ path: String, readingAhead: Bool) throws -> Int {
        let (strategy, parameters) = try BacktestBench.idle()
        let backtester = BacktestBench.backtester(
            strategy: strategy, parameters: parameters,
            limits: RiskLimits(
                maxOrderQty: 1_000, maxPosition: 10_000, maxNotionalPerOrder: 100_000_000, maxOpenOrders: 100,
                priceCollarBasisPoints: 1_000, maxOrdersPerSecond: 1_000, staleBookMs: 5_000, maxLoss: 100_000_000),
            accountLimits: AccountRiskLimits(maxSymbolPosition: 10_000, maxLoss: 100_000_000),
            venue: "ALPACA", symbol: "AAPL", data: MarketDataSubscription(books: .every, trades: true))
        _ = try backtester.run(try RecordingFormat.open(path: path, readingAhead: readingAhead))
        return backtester.statistics.books
    }

    private struct Timed<Value> {
        var value: Value
        var cpu: Double
        var wall: Double
    }

    /// `body`'s result, its thread's CPU seconds and the wall seconds it took.
    private static func timed<Value>(_ body: () throws -> Value) rethrows -> Timed<Value> {
        let cpu = { BacktestBench.cpuNanoseconds(CLOCK_THREAD_CPUTIME_ID) }
        let (wallStart, cpuStart) = (monotonicNanoseconds(), cpu())
        let value = try body()
        return Timed(value: value, cpu: Double(cpu() - cpuStart) / 1e9, wall: Double(monotonicNanoseconds() - wallStart) / 1e9)
    }
}
