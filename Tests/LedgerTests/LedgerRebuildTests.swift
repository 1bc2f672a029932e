import Ledger
import StrategyKit
import Testing
import TestSupport

@Suite(.timeLimit(.minutes(10))) struct LedgerRebuildTests {
    /// Two strategies trading two symbols, with positions worked out by hand (prices in cents):
    ///
    ///  1. a buys 10 X @ 100.00   a/X: +10, cost 1000.00, cash -1000.00
    ///  2. a buys 10 X @ 110.00   a/X: +20, cost 2100.00 (avg 105.00), cash -2100.00
    ///  3. b sells 5 X @ 120.00   b/X: -5, cost -600.00, cash +600.00
    ///  4. a sells 15 X @ 120.00  a/X closes 15 of 20: cost out 1575.00, realized 1800.00-1575.00 = 225.00;
    ///                            +5, cost 525.00, cash -300.00
    ///  5. a buys 3 Y @ 50.00     a/Y: +3, cost 150.00, cash -150.00
    ///  6. b buys 8 X @ 115.00    b/X closes 5: realized -575.00+600.00 = 25.00; opens +3 @ 115.00,
    ///                            cost 345.00, cash 600.00-920.00 = -320.00
    ///  7. a sells 5 Y @ 48.00    a/Y closes 3: realized 144.00-150.00 = -6.00; opens -2 @ 48.00,
    ///                            cost -96.00, cash -150.00+240.00 = 90.00
    ///  8. a sells 5 X @ 100.00   a/X closes 5: realized 500.00-525.00 = -25.00, total 200.00; flat,
    ///                            cash 200.00
    private let fills: [Fill] = [
        makeFill(order: 1, .buy, 10, at: 10000, symbol: "X", strategy: "a"),
        makeFill(order: 2, .buy, 10, at: 11000, symbol: "X", strategy: "a"),
        makeFill(order: 3, .sell, 5, at: 12000, symbol: "X", strategy: "b"),
        makeFill(order: 4, .sell, 15, at: 12000, symbol: "X", strategy: "a"),
        makeFill(order: 5, .buy, 3, at: 5000, symbol: "Y", strategy: "a"),
        makeFill(order: 6, .buy, 8, at: 11500, symbol: "X", strategy: "b"),
        makeFill(order: 7, .sell, 5, at: 4800, symbol: "Y", strategy: "a"),
        makeFill(order: 8, .sell, 5, at: 10000, symbol: "X", strategy: "a"),
    ]

    private func expectHandComputed(_ state: LedgerState) {
        #expect(state.holding(of: "a", in: "X") == LedgerHolding(
            position: Position(quantity: 0, costBasis: 0, realizedPnL: 20000), cash: 20000))
        #expect(state.holding(of: "a", in: "Y") == LedgerHolding(
            position: Position(quantity: -2, costBasis: -9600, realizedPnL: -600), cash: 9000))
        #expect(state.holding(of: "b", in: "X") == LedgerHolding(
            position: Position(quantity: 3, costBasis: 34500, realizedPnL: 2500), cash: -32000))
        #expect(state.holding(of: "a", in: "Y").position.averageCost == Price(cents: 4800))
        #expect(state.holding(of: "b", in: "X").position.averageCost == Price(cents: 11500))
        #expect(state.cash(of: "a") == 29000)
        #expect(state.realizedPnL(of: "a") == 19400)
        #expect(state.realizedPnL == 21900)
        let x = state.symbols["X"]
        #expect(x?.fills == 6)
        #expect(x?.volume == 53)
        #expect(x?.cash == -12000)
        #expect(x?.position == Position(quantity: 3, costBasis: 34500, realizedPnL: 22500))
        let y = state.symbols["Y"]
        #expect(y?.fills == 2)
        #expect(y?.volume == 8)
        #expect(y?.position == Position(quantity: -2, costBasis: -9600, realizedPnL: -600))
        #expect(state.entryCount == 8)
        #expect(state.lastSequence == 8)
    }

    @Test func rebuildsHoldingsAcrossStrategiesAndSymbolsAsComputedByHand() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let ledger = try LedgerWriter(path: directory.file(), venue: testVenue, account: testAccount, durability: .never)
        var entries: [LedgerEntry] = []
        for fill in fills {
            if case .appended(let entry, _) = try ledger.append(fill) { entries.append(entry) }
        }
        expectHandComputed(ledger.state)
        try ledger.close()
        #expect(entries[5].positionAfter == 3)
        #expect(entries[5].cashAfter == -32000)
        #expect(entries[5].realizedAfter == 2500)
        #expect(entries[6].positionAfter == -2)

        let reopened = try LedgerWriter(path: directory.file(), venue: testVenue, account: testAccount)
        defer { try? reopened.close() }
        expectHandComputed(reopened.state)
        expectHandComputed(try LedgerVerification(path: directory.file()).state)
        #expect(try LedgerReader.entries(in: directory.file()) == entries)
    }

    @Test func theVerificationSummaryListsSymbolsAndHoldingsInOrder() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let ledger = try LedgerWriter(path: directory.file(), venue: testVenue, account: testAccount, durability: .never)
        for fill in fills { _ = try ledger.append(fill) }
        try ledger.close()
        let summary = try LedgerVerification(path: directory.file()).summary
        #expect(summary.clean)
        #expect(summary.entries == 8)
        #expect(summary.firstSequence == 1)
        #expect(summary.lastSequence == 8)
        #expect(summary.realizedPnL == 2_190_000)
        let symbols = summary.symbols.map { "\($0.symbol) \($0.fills) \($0.volume) \($0.position) \($0.averageCost ?? 0) \($0.realizedPnL) \($0.cash)" }
        #expect(symbols == ["X 6 53 3 1150000 2250000 -1200000", "Y 2 8 -2 480000 -60000 900000"])
        #expect(summary.holdings.map { "\($0.strategy)/\($0.symbol)" } == ["a/X", "a/Y", "b/X"])
        #expect(summary.holdings[0].averageCost == nil)
        #expect(summary.firstFault == nil)
    }

    @Test func readingFromASequenceNumberSkipsTheEarlierEntries() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let entries = try writeLedger(at: directory.file(), count: 10)
        #expect(try LedgerReader.entries(in: directory.file(), from: 7) == Array(entries[6...]))
        #expect(try LedgerReader.entries(in: directory.file(), from: 11).isEmpty)
    }

    @Test func reconciledFillsAreMarkedAndCountLikeAnyOther() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let ledger = try LedgerWriter(path: directory.file(), venue: testVenue, account: testAccount, durability: .never)
        _ = try ledger.append(makeFill(order: 1, .buy, 10, at: 100), reconciled: true)
        _ = try ledger.append(makeFill(order: 2, .buy, 5, at: 100))
        try ledger.close()
        let entries = try LedgerReader.entries(in: directory.file())
        #expect(entries.map(\.reconciled) == [true, false])
        #expect(entries.last?.positionAfter == 15)
    }

    @Test func readingStopsBeforeALastLineStillBeingWritten() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let entries = try writeLedger(at: directory.file(), count: 3)
        try write(try contents(of: directory.file()).dropLast(30), to: directory.file())
        #expect(try LedgerReader.entries(in: directory.file()) == Array(entries.prefix(2)))
    }
}
