/// A small, fast, seeded random number generator (Steele, Lea and Flood's SplitMix64): the same
/// seed yields the same sequence on every machine and every run, which is what makes the
/// simulated market's bots, the benchmarks and the randomised tests reproducible, and what a
/// strategy that randomises needs for a backtest to replay a live session. Not for cryptography.
///
/// `@frozen` and inlinable (since SDK 2.2): its state and its arithmetic are part of the ABI, so
/// a draw costs no call across the library boundary. Unlike the SDK's rules, which are out of
/// line so that a fix reaches plugins built earlier, its outputs are its contract: a seed gives
/// the same sequence in every 4.x, so there is nothing here a later release could fix in place.
@frozen
public struct SplitMix64: RandomNumberGenerator, Sendable {
    @usableFromInline var state: UInt64

    /// A generator whose sequence is determined by `seed` alone.
    @inlinable public init(seed: UInt64) { state = seed }

    /// The next 64 random bits.
    @inlinable public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A uniformly distributed integer in `range`, drawn without the standard library's
    /// platform-dependent paths so that sequences are stable across toolchains.
    @inlinable public mutating func int(in range: ClosedRange<Int64>) -> Int64 {
        let span = UInt64(bitPattern: range.upperBound &- range.lowerBound) &+ 1
        guard span != 0 else { return Int64(bitPattern: next()) }
        // Multiply-shift maps 64 random bits onto the span with a bias below 2^-32 for spans
        // this code uses (prices, sizes, percentages).
        let scaled = next().multipliedFullWidth(by: span).high
        return range.lowerBound &+ Int64(bitPattern: scaled)
    }

    /// True with probability `perMillion` / 1,000,000.
    @inlinable public mutating func chance(perMillion: Int64) -> Bool { int(in: 0...999_999) < perMillion }
}
