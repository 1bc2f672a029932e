/// A seeded random number generator for randomised tests: the same seed yields the same sequence
/// on every machine and run. It is SplitMix64, bit for bit the simulated market's `SplitMix64`
/// (SimulatedMarketTests pins the two together), for the tests that must not import that part.
public struct SeededRandom: RandomNumberGenerator, Sendable {
    private var state: UInt64

    /// A generator whose sequence is determined by `seed` alone.
    public init(seed: UInt64) { state = seed }

    /// The next 64 random bits.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A uniformly distributed integer in `range`, drawn without the standard library's
    /// platform-dependent paths so that sequences are stable across toolchains.
    public mutating func int(in range: ClosedRange<Int64>) -> Int64 {
        let span = UInt64(bitPattern: range.upperBound &- range.lowerBound) &+ 1
        guard span != 0 else { return Int64(bitPattern: next()) }
        let scaled = next().multipliedFullWidth(by: span).high
        return range.lowerBound &+ Int64(bitPattern: scaled)
    }
}
