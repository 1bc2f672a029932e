import Ledger
import StrategyKit
import Testing
import TestSupport

@testable import History

@Suite("History: fills and P&L", .timeLimit(.minutes(10)))
struct HistoryFillTests {
    @Test("every ledger field is kept, keyed by sequence, with the P&L each fill realized")
    func fieldsKept() throws {
        let sample = try SampleHistory()
        let database = try HistoryDatabase(path: sample.database)
        #expect(try database.append(sample.entries) == 6)
        let fills = try database.fills()
        #expect(fills.map(\.sequence) == [1, 2, 3, 4, 5, 6])
        #expect(fills.map(\.fill) == sample.entries.map(\.fill))
        #expect(fills.map(\.checksum) == sample.entries.map(\.checksum.description))
        #expect(fills.map(\.realizedAfter) == sample.entries.map(\.realizedAfter))
        #expect(fills.map(\.positionAfter) == sample.entries.map(\.positionAfter))
        #expect(fills.map(\.cashAfter) == sample.entries.map(\.cashAfter))
        // mm sells 4 then 6 bought at 50.00 for 51.00: $4.00 then $6.00; mo loses $5.00.
        #expect(fills.map(\.realized.wholeCents) == [0, 400, 600, 0, -500, 0])
    }

    @Test("the same entries twice give the same rows and summaries")
    func idempotent() throws {
        let sample = try SampleHistory()
        let database = try HistoryDatabase(path: sample.database)
        try database.append(sample.entries)
        let before = (try database.fills(), try database.pnl(by: .day))
        #expect(try database.append(sample.entries) == 0)
        #expect(try database.append(sample.entries.suffix(2)) == 0)
        #expect(try database.fills() == before.0)
        #expect(try database.pnl(by: .day) == before.1)
    }

    @Test("appends many to a statement give the rows and summaries of one-by-one appends, over held and missing sequences")
    func groupedAppends() throws {
        let sample = try SampleHistory()
        // 150 fills: more than four groups of FillInserter.rowsPerStatement, over two symbols,
        // two strategies and two days, alternately bought and sold.
        let fills = (0..<150).map { (number: Int) -> Fill in
            let symbol: Symbol = number % 3 == 0 ? "BARBAZ" : "FOOBAR"
            let strategy: StrategyID = number % 5 == 0 ? "mo" : "mm"
            let time = dayOne + Int64(number) * oneDay / 100
            return makeFill(
                order: Int64(number), number % 2 == 0 ? .buy : .sell, Int64(number % 7 + 1), at: 5000 + Int64(number % 13),
                symbol: symbol, strategy: strategy, time: time)
        }
        let entries = try appendToLedger(at: sample.directory.file("many.jsonl"), fills)
        let oneByOne = try HistoryDatabase(path: sample.directory.file("one-by-one.sqlite"))
        for entry in entries { try oneByOne.append([entry]) }
        let grouped = try HistoryDatabase(path: sample.database)
        // 1-80; 41-100 (41-80 held); then 100-150 with held ones first and in their midst.
        #expect(try grouped.append(entries[0..<80]) == 80)
        #expect(try grouped.append(entries[40..<100]) == 20)
        #expect(try grouped.append([entries[99]] + entries[100..<120] + [entries[50]] + entries[120..<150]) == 50)
        #expect(try grouped.append(entries) == 0)
        #expect(try grouped.fills() == oneByOne.fills())
        #expect(try grouped.fills().map(\.sequence) == Array(1...150))
        for grouping in [HistoryGrouping.day, .strategy, .symbol] {
            #expect(try grouped.pnl(by: grouping) == oneByOne.pnl(by: grouping))
        }
    }

    @Test("fills by symbol, strategy, side, time range and order; the last N in order")
    func queries() throws {
        let sample = try SampleHistory()
        let database = try HistoryDatabase(path: sample.database)
        try database.append(sample.entries)
        #expect(try database.fills(HistoryFilter(symbol: "BARBAZ")).map(\.sequence) == [4, 5])
        #expect(try database.fills(HistoryFilter(strategy: "mm")).map(\.sequence) == [1, 2, 3, 6])
        #expect(try database.fills(HistoryFilter(side: .sell)).map(\.sequence) == [2, 3, 5])
        #expect(try database.fills(HistoryFilter(symbol: "FOOBAR", side: .buy)).map(\.sequence) == [1, 6])
        let dayTwo = Timestamp(nanoseconds: dayOne + oneDay)
        #expect(try database.fills(HistoryFilter(since: dayTwo)).map(\.sequence) == [4, 5, 6])
        #expect(try database.fills(HistoryFilter(until: dayTwo)).map(\.sequence) == [1, 2, 3])
        #expect(try database.fills(HistoryFilter(since: Timestamp(nanoseconds: dayOne + 2_000), until: dayTwo)).map(\.sequence) == [2, 3])
        #expect(try database.fills(HistoryFilter(orderID: 2)).map(\.sequence) == [2, 3])
        #expect(try database.fills(HistoryFilter(limit: 2)).map(\.sequence) == [5, 6])
        #expect(try database.fills(HistoryFilter(symbol: "NOPE")).isEmpty)
    }

    @Test("fills found through a time index come in ledger order even where a later line has an earlier time")
    func ledgerOrderOverTimeOrder() throws {
        let sample = try SampleHistory()
        // Lines 2 and 3 of this ledger have times before line 1's, and line 4's is the same as line 2's.
        let entries = try appendToLedger(at: sample.directory.file("skewed.jsonl"), [
            makeFill(order: 1, .buy, 10, at: 5000, time: dayOne + 9_000),
            makeFill(order: 2, .buy, 1, at: 5000, time: dayOne + 2_000),
            makeFill(order: 3, .sell, 2, at: 5100, strategy: "mo", time: dayOne + 1_000),
            makeFill(order: 4, .sell, 3, at: 5100, time: dayOne + 2_000),
        ])
        let database = try HistoryDatabase(path: sample.database)
        try database.append(entries)
        let since = Timestamp(nanoseconds: dayOne)
        #expect(try database.fills(HistoryFilter(symbol: "FOOBAR")).map(\.sequence) == [1, 2, 3, 4])
        #expect(try database.fills(HistoryFilter(strategy: "mm", since: since)).map(\.sequence) == [1, 2, 4])
        #expect(try database.fills(HistoryFilter(since: since, until: Timestamp(nanoseconds: dayOne + 10_000))).map(\.sequence) == [1, 2, 3, 4])
        #expect(try database.fills(HistoryFilter(symbol: "FOOBAR", side: .sell)).map(\.sequence) == [3, 4])
        #expect(try database.fills(HistoryFilter(symbol: "FOOBAR", limit: 3)).map(\.sequence) == [2, 3, 4])
        #expect(try database.fills(HistoryFilter(symbol: "FOOBAR")) == database.fills().filter { $0.fill.symbol == "FOOBAR" })
    }

    @Test("fills by strategy without a symbol are found through the symbol index, only the strategy's, in ledger order")
    func strategyThroughSymbols() throws {
        let sample = try SampleHistory()
        // Three strategies over three symbols and three days: mm and mo share FOOBAR, solo
        // trades only QUXQUX and only on day three; times run backwards within each day.
        let symbols: [Symbol] = ["FOOBAR", "BARBAZ", "QUXQUX"]
        let fills = (0..<60).map { (number: Int) -> Fill in
            let day = Int64(number / 20)
            let symbol = day == 2 && number % 4 == 0 ? "QUXQUX" : symbols[number % 2]
            let strategy: StrategyID = symbol == "QUXQUX" ? "solo" : number % 3 == 0 ? "mo" : "mm"
            return makeFill(
                order: Int64(number), number % 2 == 0 ? .buy : .sell, 1, at: 5000, symbol: symbol, strategy: strategy,
                time: dayOne + day * oneDay + Int64(20 - number % 20) * 1_000)
        }
        let entries = try appendToLedger(at: sample.directory.file("three.jsonl"), fills)
        let database = try HistoryDatabase(path: sample.database)
        try database.append(entries)
        let all = try database.fills()
        let dayTwo = Timestamp(nanoseconds: dayOne + oneDay), dayThree = Timestamp(nanoseconds: dayOne + 2 * oneDay)
        for strategy: StrategyID in ["mm", "mo", "solo"] {
            for (since, until) in [(nil, nil), (dayTwo, nil), (nil, dayThree), (dayTwo, dayThree)] as [(Timestamp?, Timestamp?)] {
                let expected = all.filter { row in
                    row.fill.strategyID == strategy && (since.map { row.fill.time >= $0 } ?? true)
                        && (until.map { row.fill.time < $0 } ?? true)
                }
                #expect(!expected.isEmpty || (strategy == "solo" && until == dayThree))
                #expect(try database.fills(HistoryFilter(strategy: strategy, since: since, until: until)) == expected)
            }
        }
        #expect(try database.fills(HistoryFilter(strategy: "none")).isEmpty)
        #expect(try database.fills(HistoryFilter(strategy: "mm", side: .sell)) == all.filter { $0.fill.strategyID == "mm" && $0.fill.side == .sell })
        #expect(try database.fills(HistoryFilter(strategy: "solo", orderID: 40)).map(\.sequence) == [41])
    }

    @Test("P&L by day, strategy and symbol from the daily summaries, filtered")
    func pnl() throws {
        let sample = try SampleHistory()
        let database = try HistoryDatabase(path: sample.database)
        try database.append(sample.entries)
        let byDay = try database.pnl(by: .day)
        #expect(byDay.map(\.key) == ["2026-12-01", "2026-12-02"])
        #expect(byDay.map(\.fills) == [3, 3])
        #expect(byDay.map(\.realized.wholeCents) == [1000, -500])
        #expect(byDay.map(\.bought.shares) == [10, 6])
        #expect(byDay.map(\.sold.shares) == [10, 5])
        #expect(byDay[0].notional == Money(cents: 10 * 5000 + 10 * 5100))
        let byStrategy = try database.pnl(by: .strategy)
        #expect(byStrategy.map(\.key) == ["mm", "mo"])
        #expect(byStrategy.map(\.realized.wholeCents) == [1000, -500])
        #expect(try database.pnl(by: .symbol).map(\.key) == ["BARBAZ", "FOOBAR"])
        let mmByDay = try database.pnl(by: .day, HistoryFilter(strategy: "mm"))
        #expect(mmByDay.map(\.fills) == [3, 1])
        let dayTwo = try database.pnl(by: .day, HistoryFilter(since: Timestamp(nanoseconds: dayOne + oneDay)))
        #expect(dayTwo.map(\.key) == ["2026-12-02"])
        let dayOneOnly = try database.pnl(by: .symbol, HistoryFilter(until: Timestamp(nanoseconds: dayOne + oneDay)))
        #expect(dayOneOnly.map(\.key) == ["FOOBAR"])
    }

    @Test("a second connection continues the realized P&L where the first left it")
    func realizedAcrossOpens() throws {
        let sample = try SampleHistory()
        do {
            let first = try HistoryDatabase(path: sample.database)
            try first.append(sample.entries.prefix(4))
        }
        let second = try HistoryDatabase(path: sample.database)
        try second.append(sample.entries.dropFirst(4))
        #expect(try second.fills().map(\.realized.wholeCents) == [0, 400, 600, 0, -500, 0])
    }
}
