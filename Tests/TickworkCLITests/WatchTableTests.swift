import Quotes
import Quoting
import StrategyKit
import Testing
@testable import TickworkCLI

/// The live view's cells: a quote without a previous close shows no change (the price less
/// zero is not one), neither in the table nor in `--json`, and is coloured neither way.
@Suite(.timeLimit(.minutes(10))) struct WatchTableTests {
    private func board(previousClose: Price) -> WatchBoard {
        var board = WatchBoard(symbols: [Symbol("FOOBAR")], directory: SymbolDirectory([]))
        let quote = DayQuote(
            symbol: Symbol("FOOBAR"), price: Price(cents: 5_014), open: Price(cents: 5_000), high: Price(cents: 5_027),
            low: Price(cents: 4_998), previousClose: previousClose, time: Timestamp(nanoseconds: 1_000_000_000))
        board.apply([Symbol("FOOBAR"): .quote(quote)])
        return board
    }

    @Test func withoutAPreviousCloseThereIsNoChangeToShow() throws {
        let now = Timestamp(nanoseconds: 2_000_000_000)
        let first = try #require(board(previousClose: Price(cents: 0)).rows.first)
        #expect(WatchTable.cellsOf(first, now: now)[3] == "" && WatchTable.cellsOf(first, now: now)[4] == "")
        let second = try #require(board(previousClose: Price(cents: 4_900)).rows.first)
        #expect(WatchTable.cellsOf(second, now: now)[3] == "+1.14" && WatchTable.cellsOf(second, now: now)[4] == "+2.33%")
        let lines = WatchTable.lines(board(previousClose: Price(cents: 0)), now: now, width: 100, colors: true)
        #expect(!lines.joined().contains("\u{1B}[32m") && !lines.joined().contains("+50.14"), "\(lines)")
        let none = WatchTable.json(board(previousClose: Price(cents: 0)), now: now, source: "test", list: "default")
        #expect(!none.contains("\"change\"") && !none.contains("changePercent"), "\(none)")
        let some = WatchTable.json(board(previousClose: Price(cents: 4_900)), now: now, source: "test", list: "default")
        #expect(some.contains("\"change\":1.14") && some.contains("\"changePercent\":2.33"), "\(some)")
    }
}
