import Backtest
import Foundation
import Live
import Recording
import Risk
import StrategyKit
import Trading

/// Recording throughput: a 1,000,000-snapshot recording (10 price levels a side, 3 resting
/// orders per level) written to a temporary directory in both forms, then read back: MB/s
/// parsing the JSON Lines form and records/s reading the binary form, on one core; then the
/// whole backtest from the binary form (engine, risk checker, replay venue, metrics) with the
/// MarketMaker plugin from `libMarketMaker.so` next to the executable: snapshots/s end to end
/// on one thread (its CPU time) as a sweep's cells run, and (`.readAhead`) by the wall clock
/// with the recording read ahead on a second thread as `tickwork backtest` runs; and the same
/// with a strategy that never trades, for the cost of everything around a strategy.
enum BacktestBench {
    static func run() throws {
        let snapshots = 1_000_000
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("tickwork-bench-\(getpid())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let jsonLines = directory.appendingPathComponent("books.jsonl").path
        let binary = directory.appendingPathComponent("books.twrb").path
        try generate(snapshots: snapshots, path: jsonLines, format: .jsonLines)
        try generate(snapshots: snapshots, path: binary, format: .binary)
        let inputs = ["snapshots": String(snapshots), "levels": "10 a side", "ordersPerLevel": "3"]

        let jsonBytes = try FileManager.default.attributesOfItem(atPath: jsonLines)[.size] as? Int ?? 0
        let json = try read(jsonLines)
        precondition(json.books == snapshots, "every snapshot read back")
        Figure(name: "backtest.recording.parseJSONLines", unit: "MB/s", value: Double(jsonBytes) / 1e6 / json.cpuSeconds,
               inputs: inputs.merging([
                   "bytes": String(jsonBytes), "records/s": String(Int(Double(snapshots) / json.cpuSeconds)),
                   "wallMB/s": String(Int(Double(jsonBytes) / 1e6 / json.wallSeconds)),
               ]) { $1 }).print()

        let binaryBytes = try FileManager.default.attributesOfItem(atPath: binary)[.size] as? Int ?? 0
        let binaryRead = try read(binary)
        precondition(binaryRead.books == snapshots, "every snapshot read back")
        Figure(name: "backtest.recording.readBinary", unit: "records/s", value: Double(snapshots) / binaryRead.cpuSeconds,
               inputs: inputs.merging([
                   "bytes": String(binaryBytes), "MB/s": String(Int(Double(binaryBytes) / 1e6 / binaryRead.cpuSeconds)),
                   "wallRecords/s": String(Int(Double(snapshots) / binaryRead.wallSeconds)),
               ]) { $1 }).print()

        let idle = inputs.merging(["strategy": "in-process, never trades: the engine, venue, reader and metrics alone"]) { $1 }
        for readingAhead in [false, true] {
            try Run.figure("backtest.endToEnd.idleStrategy", snapshots: snapshots, inputs: idle) {
                let (strategy, parameters) = try Self.idle()
                return try backtest(binary, strategy: strategy, parameters: parameters, readingAhead: readingAhead)
            }
        }
        let marketMaker = inputs.merging(["strategy": "MarketMaker (defaults, quoteSize 20)", "latencyMs": "1"]) { $1 }
        for readingAhead in [false, true] {
            try Run.figure("backtest.endToEnd.marketMaker", snapshots: snapshots, inputs: marketMaker) {
                try backtestMarketMaker(binary, readingAhead: readingAhead)
            }
        }

        // The recording above moves its mid once every 1,000 books, which spares whatever only
        // works when the mid moves (valuation, loss limits, requotes); this one moves it on two
        // books in three.
        for path in [jsonLines, binary] { try FileManager.default.removeItem(atPath: path) }
        let walking = directory.appendingPathComponent("walking.twrb").path
        try generate(snapshots: snapshots, path: walking, format: .binary, midWalks: true)
        let walkingInputs = marketMaker.merging(["mid": "a random walk of -1, 0 or +1 cent per book"]) { $1 }
        for readingAhead in [false, true] {
            try Run.figure("backtest.endToEnd.marketMaker.walkingMid", snapshots: snapshots, inputs: walkingInputs) {
                try backtestMarketMaker(walking, readingAhead: readingAhead)
            }
        }
    }

    /// Writes a recording of a book that churns deterministically and whose mid drifts a cent
    /// every 1,000 books or, with `midWalks`, takes a random step of -1, 0 or +1 cent every book.
    private static func generate(snapshots: Int, path: String, format: RecordingFormat, midWalks: Bool = false) throws {
        let writer = try RecordingWriter(
            path: path, header: RecordingHeader(venue: "TESTEX", symbols: ["FOOBAR"], producer: "tickwork-bench"),
            format: format)
        var book = BookSnapshot(
            venue: "TESTEX", symbol: "FOOBAR", bids: [], asks: [], exchangeTime: .zero, receivedTime: .zero, sequence: 0)
        var state: UInt64 = 42
        var walk: Int64 = 50_000
        for index in 0..<snapshots {
            if midWalks {
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                walk = min(max(walk + Int64((state >> 33) % 3) - 1, 49_000), 51_000)
            }
            let mid = midWalks ? walk : Int64(50_000 + (index / 1_000) % 200)
            book.bids.removeAll(keepingCapacity: true)
            book.asks.removeAll(keepingCapacity: true)
            for level in 0..<10 {
                for _ in 0..<3 {
                    state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                    let qty = Int64(1 + (state >> 33) % 500)
                    book.bids.append(BookEntry(price: Price(cents: mid - 1 - Int64(level)), qty: Quantity(shares: qty), isBuy: true))
                    book.asks.append(BookEntry(price: Price(cents: mid + 1 + Int64(level)), qty: Quantity(shares: qty / 2 + 1), isBuy: false))
                }
            }
            let time = Int64(1_700_000_000_000_000_000) + Int64(index) * 25_000_000
            book.exchangeTime = Timestamp(nanoseconds: time)
            book.receivedTime = Timestamp(nanoseconds: time + 180_000)
            book.sequence = UInt64(index + 1)
            try writer.append(.book(book))
        }
        try writer.close()
    }

    /// Backtests MarketMaker over the recording at `path`.
    private static func backtestMarketMaker(_ path: String, readingAhead: Bool) throws -> Run {
        let (strategy, parameters) = try marketMaker(values: ["quoteSize": .integer(20)])
        return try backtest(path, strategy: strategy, parameters: parameters, readingAhead: readingAhead)
    }

    /// MarketMaker from `libMarketMaker.so` next to the executable, with `values` over its
    /// defaults, and its parameters.
    static func marketMaker(values: [String: ParameterValue]) throws -> (strategy: any Strategy, parameters: StrategyParameters) {
        let plugin = try PluginLoader.load(path: PluginLoader.executableDirectory + "/libMarketMaker.so")
        return (
            try plugin.descriptor.makeStrategy(values: values),
            try StrategyParameters(schema: plugin.descriptor.parameters, values: values)
        )
    }

    /// A strategy that never trades, and its (empty) parameters.
    static func idle() throws -> (strategy: any Strategy, parameters: StrategyParameters) {
        (IdleStrategy(), try StrategyParameters(schema: [], values: [:]))
    }

    /// Backtests `strategy` over the recording at `path`.
    private static func backtest(
        _ path: String, strategy: any Strategy, parameters: StrategyParameters, readingAhead: Bool
    ) throws -> Run {
        let backtester = Self.backtester(
            strategy: strategy, parameters: parameters,
            limits: RiskLimits(
                maxOrderQty: 1_000, maxPosition: 10_000, maxNotionalPerOrder: 100_000_000, maxOpenOrders: 100,
                priceCollarBasisPoints: 1_000, maxOrdersPerSecond: 1_000, staleBookMs: 5_000, maxLoss: 100_000_000),
            accountLimits: AccountRiskLimits(maxSymbolPosition: 10_000, maxLoss: 100_000_000))
        let start = monotonicNanoseconds()
        let (threadStart, processStart) = (cpuNanoseconds(CLOCK_THREAD_CPUTIME_ID), cpuNanoseconds(CLOCK_PROCESS_CPUTIME_ID))
        _ = try backtester.run(try RecordingFormat.open(path: path, readingAhead: readingAhead))
        return Run(
            readingAhead: readingAhead, wallSeconds: Double(monotonicNanoseconds() - start) / 1e9,
            threadCPUSeconds: Double(cpuNanoseconds(CLOCK_THREAD_CPUTIME_ID) - threadStart) / 1e9,
            processCPUSeconds: Double(cpuNanoseconds(CLOCK_PROCESS_CPUTIME_ID) - processStart) / 1e9,
            fills: backtester.statistics.fills, orders: backtester.statistics.orders)
    }

    /// A backtester of `strategy` on `symbol` (FOOBAR) at `venue` (TESTEX), called with `data`
    /// (every book), within `limits` and `accountLimits`, 1 ms order and cancel latency, logging
    /// nothing.
    static func backtester(
        strategy: any Strategy, parameters: StrategyParameters, limits: RiskLimits, accountLimits: AccountRiskLimits,
        venue: Venue = "TESTEX", symbol: Symbol = "FOOBAR", data: MarketDataSubscription = .everyBook
    ) -> Backtester {
        let backtester = Backtester(
            venue: ReplayVenueConfiguration(
                venue: venue, account: "BENCH", orderLatencyMilliseconds: 1, cancelLatencyMilliseconds: 1,
                fees: FeeSchedule(takerPerShare: 1, makerPerShare: -1))
        ) { journal in
            TradingEngine(
                venue: venue,
                strategies: [EngineStrategy(
                    id: "mm", symbols: [symbol], parameters: parameters, strategy: strategy, limits: limits, data: data)],
                accountLimits: accountLimits, journal: journal,
                logger: Logger(part: "engine", level: .error, handler: DiscardingLogHandler()))
        }
        return backtester
    }

    /// Reads every record; returns the thread's CPU seconds, the wall seconds and the books seen.
    static func read(_ path: String) throws -> (cpuSeconds: Double, wallSeconds: Double, books: Int) {
        let start = monotonicNanoseconds()
        let cpuStart = cpuNanoseconds(CLOCK_THREAD_CPUTIME_ID)
        let books = try drain(RecordingFormat.open(path: path))
        let cpu = Double(cpuNanoseconds(CLOCK_THREAD_CPUTIME_ID) - cpuStart) / 1e9
        let wall = Double(monotonicNanoseconds() - start) / 1e9
        return (cpu, wall, books)
    }

    /// Reads every record of `reader`, each as a `RecordedEvent`, and returns the books seen.
    static func drain(_ reader: any RecordingReader) throws -> Int {
        var books = 0
        var checksum: Int64 = 0
        while let event = try reader.next() {
            if case .book(let book) = event {
                books += 1
                checksum &+= book.bids.count > 0 ? book.bids[0].qty.shares : 0
            }
        }
        precondition(checksum != 0, "the books were read")
        return books
    }

    /// The CPU time `clock` (the calling thread's, or the whole process's) has counted, in
    /// nanoseconds.
    static func cpuNanoseconds(_ clock: clockid_t) -> UInt64 {
        var time = timespec()
        clock_gettime(clock, &time)
        return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
    }

    /// One backtest's times and counts.
    private struct Run {
        var readingAhead: Bool
        var wallSeconds: Double
        var threadCPUSeconds: Double
        var processCPUSeconds: Double
        var fills: Int
        var orders: Int

        /// Makes `runs` runs with `body` (the machine is shared, and two threads feel it more than
        /// one) and prints the figure of the median run, with every run's value.
        static func figure(
            _ name: String, snapshots: Int, inputs: [String: String], runs: Int = 3, _ body: () throws -> Run
        ) rethrows {
            let all = try (0..<runs).map { _ in try body() }
            let values = all.map { String(Int($0.rate(snapshots: snapshots))) }.joined(separator: ", ")
            all.sorted { $0.rate(snapshots: snapshots) < $1.rate(snapshots: snapshots) }[runs / 2]
                .figure(name, snapshots: snapshots, inputs: inputs.merging(["runs": "\(runs), the median shown; all: \(values)"]) { $1 })
        }

        /// The figure's value: snapshots/s on one thread by its CPU time, on two by the wall clock.
        func rate(snapshots: Int) -> Double { Double(snapshots) / (readingAhead ? wallSeconds : threadCPUSeconds) }

        /// Prints the figure `name` (on one thread: snapshots/s by its CPU time, as every other
        /// one-core figure here) or `name.readAhead` (two threads: by the wall clock).
        func figure(_ name: String, snapshots: Int, inputs: [String: String]) {
            let perSecond = { (seconds: Double) in Double(snapshots) / seconds }
            Figure(
                name: readingAhead ? name + ".readAhead" : name, unit: "snapshots/s", value: rate(snapshots: snapshots),
                inputs: inputs.merging([
                    "form": "binary", "fills": String(fills), "orders": String(orders),
                    "threads": readingAhead
                        ? "2: the recording read and decoded ahead on a second thread; value by the wall clock"
                        : "1: the recording read on the engine's thread; value by its CPU time",
                    "wallSnapshots/s": String(Int(perSecond(wallSeconds))),
                    "engineThreadCPUSnapshots/s": String(Int(perSecond(threadCPUSeconds))),
                    "processCPUSecondsPerMillionSnapshots": String(format: "%.3f", processCPUSeconds * 1e6 / Double(snapshots)),
                ]) { $1 }
            ).print()
        }
    }
}

/// A strategy that looks at nothing and never trades, to time what surrounds a strategy.
final class IdleStrategy: Strategy {}

/// Drops every log record: the engine logs each order and fill, which would time the terminal.
final class DiscardingLogHandler: LogHandler {
    func write(_ record: LogRecord) {}
}
