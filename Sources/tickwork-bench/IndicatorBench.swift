import Foundation
import StrategyKit

/// The cost of one update of each of StrategyKit's indicators, as a plugin pays it: the
/// indicator's `update` followed by a read of its `value`, over a seeded random walk of prices
/// (and bars and trade sizes) generated before any timing starts and read in a cycle small
/// enough to stay in the first-level cache. Prints one figure per indicator: nanoseconds of the
/// thread's CPU time per update.
enum IndicatorBench {
    static let updates = 10_000_000
    static let period = 20

    /// A cycle of inputs: 4,096 of each.
    struct Inputs {
        static let count = 4_096
        var closes: [Price] = []
        var highs: [Price] = []
        var lows: [Price] = []
        var quantities: [Quantity] = []

        init(seed: UInt64) {
            var random = SplitMix64(seed: seed)
            var units: Int64 = 100_0000
            for _ in 0..<Self.count {
                units = max(1, units + random.int(in: -500...500))
                closes.append(Price(units: units))
                highs.append(Price(units: units + random.int(in: 0...300)))
                lows.append(Price(units: units - random.int(in: 0...300)))
                quantities.append(Quantity(shares: random.int(in: 1...1_000)))
            }
        }
    }

    static func run() {
        let inputs = Inputs(seed: 1)
        let mask = Inputs.count - 1
        let closes = inputs.closes
        measure("sma") {
            var indicator = SimpleMovingAverage(period: period)
            return loop { indicator.update(closes[$0 & mask]); return indicator.value?.units ?? 0 }
        }
        measure("ema") {
            var indicator = ExponentialMovingAverage(period: period)
            return loop { indicator.update(closes[$0 & mask]); return indicator.value?.units ?? 0 }
        }
        measure("rollingMinimum") {
            var indicator = RollingMinimum(period: period)
            return loop { indicator.update(closes[$0 & mask]); return indicator.value?.units ?? 0 }
        }
        measure("rollingMaximum") {
            var indicator = RollingMaximum(period: period)
            return loop { indicator.update(closes[$0 & mask]); return indicator.value?.units ?? 0 }
        }
        measure("standardDeviation") {
            var indicator = RollingStandardDeviation(period: period)
            return loop { indicator.update(closes[$0 & mask]); return indicator.value?.units ?? 0 }
        }
        measure("rsi") {
            var indicator = RelativeStrengthIndex(period: period)
            return loop { indicator.update(closes[$0 & mask]); return Int64(indicator.value ?? 0) }
        }
        measure("atr") {
            var indicator = AverageTrueRange(period: period)
            return loop {
                indicator.update(high: inputs.highs[$0 & mask], low: inputs.lows[$0 & mask], close: closes[$0 & mask])
                return indicator.value?.units ?? 0
            }
        }
        measure("vwap") {
            var indicator = VolumeWeightedAveragePrice()
            return loop {
                indicator.update(price: closes[$0 & mask], quantity: inputs.quantities[$0 & mask])
                return indicator.value?.units ?? 0
            }
        }
        measure("bollinger") {
            var indicator = BollingerBands(period: period, width: 2)
            return loop { indicator.update(closes[$0 & mask]); return indicator.value?.upper.units ?? 0 }
        }
        updatesOnly(inputs)
    }

    /// The same updates with the value read once at the end, as a strategy on bars reads its
    /// indicators once per bar after updating them: the cost of `update` alone.
    static func updatesOnly(_ inputs: Inputs) {
        let mask = Inputs.count - 1
        let closes = inputs.closes
        func timed<Indicator>(_ name: String, _ indicator: Indicator, _ update: (inout Indicator, Int) -> Void, _ read: (Indicator) -> Int64) {
            var indicator = indicator
            let start = threadCPUNanoseconds()
            for index in 0..<updates { update(&indicator, index & mask) }
            let checksum = read(indicator)
            let elapsed = threadCPUNanoseconds() - start
            let figureInputs = ["updates": "\(updates)", "period": "\(period)", "reads": "value once, at the end", "clock": "thread CPU", "checksum": "\(checksum)"]
            Figure(name: "indicator.\(name).updateOnly", unit: "ns", value: Double(elapsed) / Double(updates), inputs: figureInputs).print()
        }
        timed("sma", SimpleMovingAverage(period: period), { $0.update(closes[$1]) }) { $0.value?.units ?? 0 }
        timed("ema", ExponentialMovingAverage(period: period), { $0.update(closes[$1]) }) { $0.value?.units ?? 0 }
        timed("rollingMinimum", RollingMinimum(period: period), { $0.update(closes[$1]) }) { $0.value?.units ?? 0 }
        timed("rollingMaximum", RollingMaximum(period: period), { $0.update(closes[$1]) }) { $0.value?.units ?? 0 }
        timed("standardDeviation", RollingStandardDeviation(period: period), { $0.update(closes[$1]) }) { $0.value?.units ?? 0 }
        timed("rsi", RelativeStrengthIndex(period: period), { $0.update(closes[$1]) }) { Int64($0.value ?? 0) }
        timed("atr", AverageTrueRange(period: period), { $0.update(high: inputs.highs[$1], low: inputs.lows[$1], close: closes[$1]) }) {
            $0.value?.units ?? 0
        }
        timed("vwap", VolumeWeightedAveragePrice(), { $0.update(price: closes[$1], quantity: inputs.quantities[$1]) }) { $0.value?.units ?? 0 }
        timed("bollinger", BollingerBands(period: period, width: 2), { $0.update(closes[$1]) }) { $0.value?.upper.units ?? 0 }
    }

    /// `updates` calls of `body`, their results summed so that none is optimised away.
    @inline(__always)
    static func loop(_ body: (Int) -> Int64) -> Int64 {
        var checksum: Int64 = 0
        for index in 0..<updates { checksum &+= body(index) }
        return checksum
    }

    /// Times `run` and prints its nanoseconds per update.
    static func measure(_ name: String, _ run: () -> Int64) {
        let start = threadCPUNanoseconds()
        let checksum = run()
        let elapsed = threadCPUNanoseconds() - start
        let inputs = ["updates": "\(updates)", "period": "\(period)", "reads": "value after every update", "clock": "thread CPU", "checksum": "\(checksum)"]
        Figure(name: "indicator.\(name).update", unit: "ns", value: Double(elapsed) / Double(updates), inputs: inputs).print()
    }
}
