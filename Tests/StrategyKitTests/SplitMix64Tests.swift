import StrategyKit
import Testing

@Suite(.timeLimit(.minutes(10))) struct SplitMix64Tests {
    @Test func generatorMatchesTheReferenceSequence() {
        // The first outputs of the reference SplitMix64 for seed 0.
        var random = SplitMix64(seed: 0)
        #expect(random.next() == 0xE220_A839_7B1D_CDAF)
        #expect(random.next() == 0x6E78_9E6A_A1B9_65F4)
    }

    @Test func boundedDrawsStayInRangeAndReachBothEnds() {
        var random = SplitMix64(seed: 99)
        var seen = Set<Int64>()
        for _ in 0..<2_000 {
            let value = random.int(in: -3...3)
            #expect((-3...3).contains(value))
            seen.insert(value)
        }
        #expect(seen.count == 7)
        #expect(random.int(in: 5...5) == 5)
    }
}
