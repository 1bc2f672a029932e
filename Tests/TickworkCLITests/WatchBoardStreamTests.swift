import Quotes
import Quoting
import StrategyKit
import Testing
@testable import TickworkCLI

/// `watch --stream`'s board: a streamed trade moves the price and stretches the day's range,
/// an older one changes nothing, and a poll older than the streamed trade keeps its price.
@Suite(.timeLimit(.minutes(10))) struct WatchBoardStreamTests {
    private let symbol = Symbol("FOOBAR")

    private func quote(cents: Int64, second: Int64) -> DayQuote {
        DayQuote(
            symbol: symbol, price: Price(cents: cents), open: Price(cents: 5_000), high: Price(cents: 5_027), low: Price(cents: 4_998),
            previousClose: Price(cents: 4_900), time: Timestamp(nanoseconds: second * 1_000_000_000))
    }

    private func trade(cents: Int64, second: Int64) -> Trade {
        Trade(symbol: symbol, price: Price(cents: cents), qty: Quantity(shares: 5), time: Timestamp(nanoseconds: second * 1_000_000_000))
    }

    @Test func streamedTradesMoveThePriceBetweenPolls() throws {
        var board = WatchBoard(symbols: [symbol], directory: SymbolDirectory([]))
        board.apply([symbol: .quote(quote(cents: 5_014, second: 1))])
        board.apply(trades: [symbol: trade(cents: 4_321, second: 2)])
        var row = try #require(board.rows.first)
        #expect(row.quote?.price == Price(cents: 4_321) && row.quote?.low == Price(cents: 4_321) && row.quote?.high == Price(cents: 5_027))
        #expect(row.changed && row.quote?.previousClose == Price(cents: 4_900))
        board.apply(trades: [symbol: trade(cents: 6_000, second: 1)])
        #expect(board.rows.first?.quote?.price == Price(cents: 4_321))
        // A poll answered with a quote older than the streamed trade: the trade's price stays.
        board.apply([symbol: .quote(quote(cents: 5_014, second: 1))])
        row = try #require(board.rows.first)
        #expect(row.quote?.price == Price(cents: 4_321) && row.quote?.time == Timestamp(nanoseconds: 2_000_000_000))
    }

    @Test func aRowNotYetQuotedStartsFromItsFirstTrade() throws {
        var board = WatchBoard(symbols: [symbol], directory: SymbolDirectory([]))
        board.apply(trades: [symbol: trade(cents: 4_321, second: 2)])
        let row = try #require(board.rows.first)
        #expect(row.quote?.price == Price(cents: 4_321) && row.quote?.changeBasisPoints == nil)
        #expect(WatchTable.cellsOf(row, now: Timestamp(nanoseconds: 3_000_000_000))[2] == "43.21")
    }
}
