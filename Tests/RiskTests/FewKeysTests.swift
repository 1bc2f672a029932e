import Risk
import StrategyKit
import Testing

/// `index(comparingFewKeys:)` and `value(comparingFewKeys:)` find what hashing finds, below and
/// above `fewKeys`, for keys equal by their text though not by their storage.
@Suite(.timeLimit(.minutes(10))) struct FewKeysTests {
    /// Names that compare equal only by their characters: each key is made anew, so that
    /// a comparison of storage alone would miss.
    static func name(_ number: Int64) -> Symbol {
        Symbol(rawValue: String(repeating: "S", count: 1 + Int(number % 3)) + String(number) + String(repeating: "x", count: 20))
    }

    @Test func aKeyIsFoundWhereHashingFindsItAtEverySize() {
        var random = SplitMix64(seed: 5)
        var checked = (scanned: 0, hashed: 0)
        for _ in 0..<400 {
            let count = Int(random.int(in: 0...9))
            var marks: [Symbol: Int64] = [:]
            while marks.count < count {
                marks[Self.name(random.int(in: 0...11))] = random.int(in: -1_000...1_000)
            }
            for number in Int64(0)...11 {
                let key = Self.name(number)
                #expect(marks.value(comparingFewKeys: key) == marks[key])
                #expect(marks.index(comparingFewKeys: key) == marks.index(forKey: key))
                if marks.count <= [Symbol: Int64].fewKeys { checked.scanned += 1 } else { checked.hashed += 1 }
            }
        }
        #expect(checked.scanned > 1_000 && checked.hashed > 1_000)
    }

    @Test func aValueWrittenThroughTheIndexFoundIsTheKeysValue() {
        var marks: [Symbol: Int64] = [Self.name(1): 10, Self.name(2): 20, Self.name(3): 30]
        let index = marks.index(comparingFewKeys: Self.name(2))
        #expect(index != nil)
        if let index { marks.values[index] = 25 }
        #expect(marks == [Self.name(1): 10, Self.name(2): 25, Self.name(3): 30])
        #expect(marks.index(comparingFewKeys: Self.name(4)) == nil)
    }
}
