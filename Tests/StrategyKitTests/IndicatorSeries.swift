import StrategyKit

/// Seeded price series for the indicator tests, and the plain references they are checked
/// against: each recomputes its figure from the whole window at every step.
enum IndicatorSeries {
    /// The periods every indicator is tried with: 1, short, and longer than some series' flat
    /// runs.
    static let periods = [1, 2, 3, 5, 14, 20, 50]

    /// A random walk of `count` prices from `start` units with steps of up to `step` units,
    /// with flat runs and jumps, so that windows rise, fall and stand still.
    static func walk(seed: UInt64, count: Int = 2_000, start: Int64 = 100_0000, step: Int64 = 500) -> [Price] {
        var random = SplitMix64(seed: seed)
        var units = start
        var prices: [Price] = []
        for _ in 0..<count {
            switch random.int(in: 0...9) {
            case 0: break
            case 1: units += random.int(in: -20 * step...20 * step)
            default: units += random.int(in: -step...step)
            }
            units = max(units, 1)
            prices.append(Price(units: units))
        }
        return prices
    }

    /// Series of every kind the tests use: ordinary, sub-cent steps, near `Price.maxAccepted`
    /// (whose squares leave 64 bits), and constant.
    static func all(seed: UInt64) -> [[Price]] {
        [
            walk(seed: seed),
            walk(seed: seed &+ 1, start: 5_0000, step: 3),
            walk(seed: seed &+ 2, start: Price.maxAccepted.units - 1_000_000_000 / 4, step: 10_000_000),
            Array(repeating: Price(units: 42_1234), count: 200),
        ]
    }

    /// `value` rounded to the nearest integer, halves away from zero.
    static func rounded(_ value: Double) -> Int64 {
        Int64(value.rounded(.toNearestOrAwayFromZero))
    }

    /// Whether `units` is `exact` rounded half away from zero, allowing the neighbouring unit
    /// only where `exact` is within `tolerance` of a half (where the indicator's documented
    /// error, or the reference's own floating-point error, may decide the rounding).
    static func matches(_ units: Int64, roundedFrom exact: Double, tolerance: Double = 0.01) -> Bool {
        let distanceFromHalf = abs(abs(exact - exact.rounded(.towardZero)) - 0.5)
        if distanceFromHalf > tolerance { return units == rounded(exact) }
        return abs(Double(units) - exact) <= 0.5 + tolerance
    }

    /// The population standard deviation of `window` in units, in `Double`.
    static func standardDeviation(_ window: ArraySlice<Price>) -> Double {
        let mean = window.reduce(0.0) { $0 + Double($1.units) } / Double(window.count)
        let variance = window.reduce(0.0) { $0 + (Double($1.units) - mean) * (Double($1.units) - mean) } / Double(window.count)
        return variance.squareRoot()
    }

    /// `n Σx² - (Σx)²` of `window`, exactly: `n²` times its population variance.
    static func scaledVariance(_ window: ArraySlice<Price>) -> Int128 {
        let n = Int128(window.count)
        let sum = window.reduce(Int128(0)) { $0 + Int128($1.units) }
        let squares = window.reduce(Int128(0)) { $0 + Int128($1.units) * Int128($1.units) }
        return n * squares - sum * sum
    }

    /// Whether `root` is `sqrt(scaled) / divisor` rounded half up, by the definition: `root - ½
    /// <= sqrt(scaled) / divisor < root + ½`, squared so that it is exact.
    static func isRoundedRoot(_ root: Int64, of scaled: Int128, over divisor: Int128) -> Bool {
        let low = (2 * Int128(root) - 1) * divisor
        let high = (2 * Int128(root) + 1) * divisor
        return root >= 0 && (low < 0 || low * low <= 4 * scaled) && 4 * scaled < high * high
    }
}
