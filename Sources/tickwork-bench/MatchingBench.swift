import Glibc
import MatchingEngine
import SimulatedMarket
import StrategyKit

/// One request of the matching benchmark's stream, generated before any timing starts.
struct MatchingBenchOperation {
    enum Kind { case submit(Side, OrderType, Int64, Int64), cancel(Int64) }
    var kind: Kind
}

/// Benchmarks the matching engine on an exchange-core-like stream: new limit orders around the
/// touch, cancels of resting orders and a share of marketable orders (immediate-or-cancel,
/// market, fill-or-kill, crossing limits) on one book held near `restingOrders` resting orders.
///
/// Prints one JSON object per figure: throughput (operations per wall-clock second and per second
/// of the thread's CPU time, no per-operation timing) and the p50/p99/p99.9 latency of one operation (measured in a second pass, each
/// operation timed with `clock_gettime`, whose own cost is reported as an input).
public func runMatchingBench(operations: Int = 10_000_000, restingOrders: Int = 1_000, seed: UInt64 = 1) {
    let stream = MatchingBenchStream(operations: operations, restingOrders: restingOrders, seed: seed)
    let inputs = [
        "operations": "\(operations)", "restingOrders": "\(restingOrders)", "seed": "\(seed)", "warmup": "\(stream.warmup)",
        "cancels": "\(stream.cancels)", "marketable": "\(stream.marketable)", "trades": "\(stream.trades)",
        "meanResting": "\(stream.meanResting)",
    ]

    var book = OrderBook(venue: "BENCHEX", symbol: "BENCH")
    var events: [MatchEvent] = []
    events.reserveCapacity(64)
    stream.replay(stream.operations[..<stream.warmup], on: &book, events: &events)
    let start = now()
    let startCPU = now(CLOCK_THREAD_CPUTIME_ID)
    stream.replay(stream.operations[stream.warmup...], on: &book, events: &events)
    let elapsedCPU = now(CLOCK_THREAD_CPUTIME_ID) - startCPU
    let elapsed = now() - start
    // Wall-clock rate, and the rate per second of CPU time this thread got: on a shared machine
    // the second is the one-core figure, the first is what was left after other processes.
    Figure(name: "matching.throughput", unit: "ops/s", value: Double(rate(operations, elapsed)), inputs: inputs).print()
    Figure(name: "matching.throughput.cpu", unit: "ops/cpu-s", value: Double(rate(operations, elapsedCPU)), inputs: inputs).print()

    var timedBook = OrderBook(venue: "BENCHEX", symbol: "BENCH")
    stream.replay(stream.operations[..<stream.warmup], on: &timedBook, events: &events)
    var latencies = [Int64](repeating: 0, count: operations)
    var index = 0
    for operation in stream.operations[stream.warmup...] {
        let before = now()
        stream.apply(operation, on: &timedBook, events: &events)
        latencies[index] = now() - before
        index += 1
    }
    var clockCost = [Int64](repeating: 0, count: 100_000)
    for sample in clockCost.indices {
        let before = now()
        clockCost[sample] = now() - before
    }
    clockCost.sort()
    latencies.sort()
    let timedInputs = inputs.merging(["clockOverheadP50Ns": "\(clockCost[clockCost.count / 2])"]) { $1 }
    for (name, fraction) in [("p50", 0.5), ("p99", 0.99), ("p99.9", 0.999)] {
        let value = latencies[min(latencies.count - 1, Int(Double(latencies.count) * fraction))]
        Figure(name: "matching.latency.\(name)", unit: "ns", value: Double(value), inputs: timedInputs).print()
    }
}

/// Nanoseconds on `clock` (monotonic wall time by default).
@inline(__always)
private func now(_ clock: clockid_t = CLOCK_MONOTONIC) -> Int64 {
    var time = timespec()
    clock_gettime(clock, &time)
    return Int64(time.tv_sec) * 1_000_000_000 + Int64(time.tv_nsec)
}

private func rate(_ operations: Int, _ nanoseconds: Int64) -> Int64 {
    Int64(operations) * 1_000_000_000 / max(1, nanoseconds)
}
