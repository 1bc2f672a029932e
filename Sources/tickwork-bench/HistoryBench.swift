import Foundation
import History
import Ledger
import Lifecycle
import Live
@_spi(Host) import StrategyKit
import Synchronization
import Wire

/// The history database: catch-up from a ledger (fills/s), filtered queries on a large
/// database (ms), and the engine's decision latency with the daemon's history writer off and
/// on. Works under a fresh directory in the system's temporary directory and removes it.
enum HistoryBench {
    static let symbols: [Symbol] = (0..<20).map { Symbol("SYM\($0)") }
    static let strategies: [StrategyID] = ["mm-1", "mm-2", "mm-3", "trend", "block"]
    /// 2026-11-01T00:00:00Z.
    static let start: Int64 = 1_793_491_200_000_000_000
    static let day = Timestamp.nanosecondsPerDay
    /// Tells the feeder thread of `decisionLatency` to stop.
    static let stopFeeder = Atomic<Bool>(false)

    static func run() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("history-bench-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        // The sizes of the issue by default; smaller ones through the environment on a busy host.
        let environment = ProcessInfo.processInfo.environment
        let fills = Int(environment["HISTORY_BENCH_FILLS"] ?? "") ?? 10_000_000
        // HISTORY_BENCH_PARTS (catchup,queries,latency) runs some parts only, e.g. under callgrind.
        let parts = Set((environment["HISTORY_BENCH_PARTS"] ?? "catchup,queries,latency").split(separator: ",").map(String.init))
        if parts.contains("catchup") {
            let catchUpFills = Int(environment["HISTORY_BENCH_CATCHUP_FILLS"] ?? "") ?? 1_000_000
            try catchUp(directory: directory, fills: catchUpFills, fillsPerOrder: 1)
            try catchUp(directory: directory, fills: catchUpFills, fillsPerOrder: 2)
        }
        if parts.contains("queries") { try queries(directory: directory, fills: fills) }
        if parts.contains("latency") { try decisionLatency(directory: directory) }
    }

    /// Fill `number` of a stream spread over 30 days, symbols and strategies, in orders of
    /// `fillsPerOrder` fills each (dense ids; two each clustered the ledger's old fill table).
    static func fill(_ number: Int, of count: Int, fillsPerOrder: Int = 1) -> Fill {
        Fill(
            venue: "BENCHEX", account: "BENCH1", symbol: symbols[number / fillsPerOrder % symbols.count],
            orderID: OrderID(Int64(number / fillsPerOrder)), index: number % fillsPerOrder,
            side: number / 12 % 2 == 0 ? .buy : .sell, price: Price(cents: 5000 + Int64(number % 97)),
            qty: Quantity(shares: Int64(number % 9 + 1)), time: Timestamp(nanoseconds: start + Int64(number) * (30 * day / Int64(count))),
            strategyID: strategies[number / symbols.count % strategies.count])
    }

    static func catchUp(directory: String, fills: Int, fillsPerOrder: Int) throws {
        let ledgerPath = directory + "/catch-up-\(fillsPerOrder).jsonl"
        let ledger = try LedgerWriter(path: ledgerPath, venue: "BENCHEX", account: "BENCH1", durability: .never)
        for number in 0..<fills { _ = try ledger.append(fill(number, of: fills, fillsPerOrder: fillsPerOrder)) }
        try ledger.close()
        // The first pass warms the page cache with the ledger and times the reading alone (the
        // catch-up's share that is not SQLite's); the second is the figure.
        let readBegan = ContinuousClock.now
        _ = try LedgerReader.forEach(in: ledgerPath) { _ in }
        let readSeconds = (ContinuousClock.now - readBegan).seconds
        let database = try HistoryDatabase(path: directory + "/catch-up-\(fillsPerOrder).sqlite")
        let began = ContinuousClock.now
        let cpu = cpuSeconds()
        let added = try HistoryCatchUp.run(database, ledger: ledgerPath)
        let seconds = (ContinuousClock.now - began).seconds
        precondition(added == fills, "the catch-up must add every fill")
        Figure(name: "history.catchUp", unit: "fills/s", value: Double(fills) / seconds, inputs: [
            "fills": String(fills), "fillsPerOrder": String(fillsPerOrder), "cpuSeconds": String(format: "%.3f", cpuSeconds() - cpu),
            "ledgerReadSeconds": String(format: "%.3f", readSeconds),
            "goal": ">= 200000",
        ]).print()
    }

    static func queries(directory: String, fills: Int) throws {
        // HISTORY_BENCH_QUERY_DB keeps the query database at a path of one's own, and a later
        // run that finds it there holding `fills` fills queries it without loading it again.
        let kept = ProcessInfo.processInfo.environment["HISTORY_BENCH_QUERY_DB"]
        let path = kept ?? directory + "/large.sqlite"
        let database = try HistoryDatabase(path: path)
        if kept != nil, try database.lastSequence() == UInt64(fills) {
            try query(path: path, fills: fills)
            return
        }
        let began = ContinuousClock.now
        var batch: [LedgerEntry] = []
        batch.reserveCapacity(100_000)
        // As a catch-up does: the indexes of millions of rows outgrow SQLite's default cache.
        try database.withCache(kibibytes: HistoryCatchUp.catchUpCacheKibibytes) { () throws(HistoryError) in
            for number in 0..<fills {
                let fill = fill(number, of: fills)
                batch.append(LedgerEntry(
                    sequence: UInt64(number + 1), fill: fill, reconciled: false, positionAfter: fill.qty, cashAfter: fill.cashFlow,
                    realizedAfter: Money(cents: Int64(number % 1000)), previousChecksum: LedgerChecksum(UInt64(number)),
                    checksum: LedgerChecksum(UInt64(number + 1))))
                if batch.count == 100_000 {
                    try database.append(batch)
                    batch.removeAll(keepingCapacity: true)
                }
            }
            if !batch.isEmpty { try database.append(batch) }
        }
        Figure(name: "history.load", unit: "fills/s", value: Double(fills) / (ContinuousClock.now - began).seconds, inputs: [
            "fills": String(fills), "note": "entries appended directly, without reading a ledger",
        ]).print()
        try query(path: path, fills: fills)
    }

    /// Times each filtered query on the database at `path`, which holds the bench's `fills`.
    static func query(path: String, fills: Int) throws {
        let reader = try HistoryDatabase.readOnly(path: path)
        let dayTen = Timestamp(nanoseconds: start + 10 * day)
        let dayEleven = Timestamp(nanoseconds: start + 11 * day)
        // goal: the issue's, for the queries it sets one for.
        let cases: [(name: String, goal: String?, query: () throws -> Int)] = [
            ("history.query.symbolDay", "< 50", { try reader.fills(HistoryFilter(symbol: "SYM7", since: dayTen, until: dayEleven)).count }),
            // One strategy's fills of a day, through the symbol index (no index has the strategy).
            ("history.query.strategyDay", nil, { try reader.fills(HistoryFilter(strategy: "trend", since: dayTen, until: dayEleven)).count }),
            ("history.query.strategyPnLByDay", "< 50", { try reader.pnl(by: .day, HistoryFilter(strategy: "trend")).count }),
            ("history.query.order", nil, { try reader.fills(HistoryFilter(orderID: OrderID(Int64(fills / 3)))).count }),
            ("history.query.symbolSideHour", nil, {
                try reader.fills(HistoryFilter(symbol: "SYM3", side: .sell, since: dayTen, until: dayTen.advanced(byNanoseconds: day / 24))).count
            }),
            ("history.query.last100", nil, { try reader.fills(HistoryFilter(limit: 100)).count }),
            ("history.query.hourAllSymbols", nil, {
                try reader.fills(HistoryFilter(since: dayTen, until: dayTen.advanced(byNanoseconds: day / 24))).count
            }),
        ]
        for (name, goal, query) in cases {
            var samples: [UInt64] = []
            var cpuSamples: [Double] = []
            var rows = 0
            for _ in 0..<7 {
                let begin = monotonicNanoseconds()
                let cpu = cpuSeconds()
                rows = try query()
                samples.append(monotonicNanoseconds() - begin)
                cpuSamples.append(cpuSeconds() - cpu)
            }
            samples.sort()
            cpuSamples.sort()
            // The CPU time beside the wall time: on a shared machine the wall time also counts
            // the waits for a core.
            var inputs = [
                "fills": String(fills), "rows": String(rows), "runs": "7 (median)",
                "cpuMs": String(format: "%.3f", cpuSamples[cpuSamples.count / 2] * 1e3),
            ]
            inputs["goal"] = goal
            Figure(name: name, unit: "ms", value: Double(percentile(samples, 0.5)) / 1e6, inputs: inputs).print()
        }
    }

    /// The engine's decision latency alone, then with a ledger taking 1,000 fills a second and
    /// a history writer following it, as in the daemon.
    static func decisionLatency(directory: String) throws {
        try EngineBench.decisionLatency(figure: "history.decision.writerOff", extraInputs: ["historyWriter": "off"])
        let ledgerPath = directory + "/live.jsonl"
        let ledger = try LedgerWriter(path: ledgerPath, venue: "BENCHEX", account: "BENCH1", durability: .never)
        let flow = HistoryFlow()
        let writer = HistoryWriter(
            path: directory + "/live.sqlite", ledger: ledgerPath, durableSequence: { .max }, flow: flow,
            report: { FileHandle.standardError.write(Data("tickwork-bench: history: \($0)\n".utf8)) })
        let feeder = Thread {
            var number = 0
            while !stopFeeder.load(ordering: .relaxed) {
                for _ in 0..<10 {
                    do {
                        _ = try ledger.append(fill(number, of: 1_000_000))
                    } catch {
                        preconditionFailure("the benchmark's ledger refused a fill: \(error)")
                    }
                    number += 1
                }
                Thread.sleep(forTimeInterval: 0.01)
            }
        }
        let writing = Task.detached { await writer.run() }
        feeder.start()
        try EngineBench.decisionLatency(
            figure: "history.decision.writerOn",
            extraInputs: ["historyWriter": "on, following a ledger taking 1,000 fills/s; the engine offers its order flow to it"],
            orderFlow: HistoryFlowObserver(flow: flow, runStart: Timestamp(nanoseconds: start)))
        if flow.dropped > 0 {
            FileHandle.standardError.write(Data("tickwork-bench: history: \(flow.dropped) order-flow records dropped\n".utf8))
        }
        stopFeeder.store(true, ordering: .relaxed)
        writing.cancel()
        try runBlocking { await writing.value }
        try ledger.close()
    }
}
