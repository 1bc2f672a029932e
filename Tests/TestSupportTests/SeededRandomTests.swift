import Testing
import TestSupport

@Suite(.timeLimit(.minutes(10))) struct SeededRandomTests {
    /// SplitMix64's published first outputs for seed 0.
    @Test func seedZeroGivesSplitMix64sKnownSequence() {
        var random = SeededRandom(seed: 0)
        #expect([random.next(), random.next(), random.next()] == [0xE220_A839_7B1D_CDAF, 0x6E78_9E6A_A1B9_65F4, 0x06C4_5D18_8009_454F])
    }

    @Test func integersStayInTheirRange() {
        var random = SeededRandom(seed: 42)
        for _ in 0..<10_000 { #expect((-3...3).contains(random.int(in: -3...3))) }
        #expect(random.int(in: 7...7) == 7)
    }
}
