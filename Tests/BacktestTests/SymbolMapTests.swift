@testable import Reports
import StrategyKit
import Testing

@Suite(.timeLimit(.minutes(10))) struct SymbolMapTests {
    @Test func valuesAreSetReplacedAndRemovedBySymbol() {
        var map = SymbolMap<Int>()
        #expect(map["FOOBAR"] == nil)
        map["FOOBAR"] = 1
        map["BARFOO"] = 2
        map["FOOBAR"] = 3
        #expect(map["FOOBAR"] == 3)
        #expect(map["BARFOO"] == 2)
        map["BARFOO"] = nil
        map["NOSUCH"] = nil
        #expect(map["BARFOO"] == nil)
        #expect(map.dictionary == ["FOOBAR": 3])
    }

    @Test func symbolsKeepTheOrderTheyWereFirstSetIn() {
        var map = SymbolMap<Int>()
        for (index, symbol) in ["CCC", "AAA", "BBB"].enumerated() { map[Symbol(symbol)] = index }
        map["AAA"] = 10
        #expect(map.pairs.map(\.symbol) == ["CCC", "AAA", "BBB"])
        #expect(Array(map.values) == [0, 10, 2])
    }
}
