import Foundation
import Ledger
import StrategyKit
import Wire

/// Ledger benchmarks: fills appended per second under each durability policy, and verification
/// throughput. Prints one JSON object per figure. Writes its ledgers under a fresh directory in
/// the system's temporary directory and removes it.
public func runLedgerBench() throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("ledger-bench-\(UUID().uuidString)").path
    defer { try? FileManager.default.removeItem(atPath: directory) }

    let neverPath = "\(directory)/never.jsonl"
    let neverFills = 500_000
    let never = try appendRate(path: neverPath, durability: .never, fills: neverFills)
    Figure(name: "ledger.append.never", unit: "fills/s", value: never.rate, inputs: [
        "fills": "\(neverFills)", "cpuSeconds": never.cpu,
    ]).print()

    let batchFills = 1_000_000
    let batch = LedgerDurability.batch(maxDelay: .milliseconds(2), maxFills: 8192)
    let batched = try appendRate(path: "\(directory)/batch.jsonl", durability: batch, fills: batchFills)
    Figure(name: "ledger.append.batch", unit: "durable fills/s", value: batched.rate, inputs: [
        "fills": "\(batchFills)", "maxDelayMs": "2", "maxFills": "8192", "cpuSeconds": batched.cpu,
    ]).print()

    let alwaysFills = 2_000
    let always = try appendRate(path: "\(directory)/always.jsonl", durability: .always, fills: alwaysFills)
    Figure(name: "ledger.append.always", unit: "durable fills/s", value: always.rate, inputs: [
        "fills": "\(alwaysFills)", "cpuSeconds": always.cpu,
    ]).print()

    // The first pass warms the page cache; the second is the figure.
    _ = try LedgerVerification(path: neverPath)
    let start = ContinuousClock.now
    let cpuStart = cpuSeconds()
    let verification = try LedgerVerification(path: neverPath)
    let seconds = (ContinuousClock.now - start).seconds
    let cpu = cpuSeconds() - cpuStart
    precondition(verification.isClean && verification.state.entryCount == neverFills, "the benchmark ledger must verify")
    Figure(name: "ledger.verify", unit: "MB/s", value: Double(verification.bytesChecked) / 1e6 / seconds, inputs: [
        "bytes": "\(verification.bytesChecked)", "lines": "\(neverFills)", "cpuSeconds": String(format: "%.3f", cpu),
    ]).print()
}

/// Appends `fills` fills to a new ledger and returns fills per second, counted until the last
/// one is durable (for `.never`, until it is written), and the CPU seconds the process spent.
private func appendRate(path: String, durability: LedgerDurability, fills: Int) throws -> (rate: Double, cpu: String) {
    let ledger = try LedgerWriter(path: path, venue: "BENCHEX", account: "BENCH1", durability: durability)
    let start = ContinuousClock.now
    let cpuStart = cpuSeconds()
    for order in 0..<fills {
        _ = try ledger.append(ledgerBenchFill(order))
    }
    if durability != .never { try ledger.waitUntilDurable(UInt64(fills)) }
    let seconds = (ContinuousClock.now - start).seconds
    let cpu = cpuSeconds() - cpuStart
    try ledger.close()
    return (Double(fills) / seconds, String(format: "%.3f", cpu))
}

/// The benchmark's fill of order `order` on BENCHEX for BENCH1: four symbols, three strategies,
/// sides that turn every 12 orders, so that positions open, grow and close.
func ledgerBenchFill(_ order: Int) -> Fill {
    let symbols: [Symbol] = ["AAA", "BBB", "CCC", "DDD"]
    let strategies: [StrategyID] = ["mm-1", "mm-2", "trend"]
    return Fill(
        venue: "BENCHEX", account: "BENCH1", symbol: symbols[order % 4], orderID: OrderID(Int64(order)), index: 0,
        side: order / 12 % 2 == 0 ? .buy : .sell, price: Price(cents: 5000 + Int64(order % 97)),
        qty: Quantity(shares: Int64(order % 9 + 1)),
        time: Timestamp(nanoseconds: 1_764_400_000_000_000_000 + Int64(order) * 1000), strategyID: strategies[order % 3])
}

/// User and system CPU time of the whole process (all threads) so far: on a shared machine the
/// wall-clock rates depend on how much CPU the process got, and this says how much it used.
func cpuSeconds() -> Double {
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    let time = { (value: timeval) in Double(value.tv_sec) + Double(value.tv_usec) * 1e-6 }
    return time(usage.ru_utime) + time(usage.ru_stime)
}
