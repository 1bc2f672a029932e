@testable import MatchingEngine
import StrategyKit
import Testing

/// The resting-order index against the standard dictionary, through growth and deletions that
/// shift probe runs.
@Suite(.timeLimit(.minutes(10))) struct SlotIndexTests {
    @Test func slotIndexAgreesWithDictionaryThroughGrowthAndDeletion() {
        var random = SplitMix64(seed: 7)
        var index = SlotIndex(capacity: 4)
        var expected: [Int64: Int] = [:]
        for step in 0..<50_000 {
            // Few distinct keys so that inserts, overwrites and removals of present keys all happen.
            let key = random.int(in: 0...3_000)
            if random.chance(perMillion: 450_000) {
                index.remove(key)
                expected.removeValue(forKey: key)
            } else {
                index.insert(key, slot: step)
                expected[key] = step
            }
            #expect(index[key] == expected[key])
            #expect(index.count == expected.count)
        }
        for key in Int64(0)...3_000 {
            #expect(index[key] == expected[key])
        }
    }
}
