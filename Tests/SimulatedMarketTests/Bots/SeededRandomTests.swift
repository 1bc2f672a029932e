import SimulatedMarket
import Testing
import TestSupport

/// The tests' `SeededRandom` stands in for `SplitMix64` where a test must not import this part;
/// the same seed must give the same numbers, or a randomised test would change its cases.
@Suite(.timeLimit(.minutes(10))) struct SeededRandomTests {
    @Test(arguments: [0, 1, 42, UInt64.max]) func theTestsGeneratorDrawsWhatSplitMix64Draws(seed: UInt64) {
        var market = SplitMix64(seed: seed)
        var tests = SeededRandom(seed: seed)
        for _ in 0..<1_000 {
            #expect(market.next() == tests.next())
            #expect(market.int(in: -1_000...1_000) == tests.int(in: -1_000...1_000))
            #expect(market.int(in: .min ... .max) == tests.int(in: .min ... .max))
        }
    }
}
