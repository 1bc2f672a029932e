import MatchingEngine
@testable import SimulatedMarket
import StrategyKit
import Testing

/// The one record of trading the simulated exchange serves figures from: Finnhub's day quote and
/// Alpaca's day bars are two readings of the same day bars.
@Suite(.timeLimit(.minutes(10))) struct TradeTapeTests {
    private let hour: Int64 = 3_600_000_000_000
    /// 2025-03-03T14:00:00Z.
    private let start = Timestamp(iso8601: "2025-03-03T14:00:00Z")!
    private let symbol = Symbol("FOOBAR")

    private func at(_ offset: Int64) -> Timestamp { Timestamp(nanoseconds: start.nanoseconds + offset) }

    @Test func theFirstDaysPreviousCloseIsItsOpenAndLaterDaysTakeTheLastClose() throws {
        var tape = TradeTape()
        #expect(tape.dayQuote(symbol) == nil)
        tape.record(symbol, price: Price(cents: 1000), qty: 1, at: at(0))
        tape.record(symbol, price: Price(cents: 1050), qty: 1, at: at(hour))
        tape.record(symbol, price: Price(cents: 980), qty: 1, at: at(2 * hour))
        let first = try #require(tape.dayQuote(symbol))
        #expect(first.previousClose == Price(cents: 1000), "before a second day: the change since the exchange opened")
        #expect((first.open, first.high, first.low, first.price) == (Price(cents: 1000), Price(cents: 1050), Price(cents: 980), Price(cents: 980)))
        #expect(first.time == at(2 * hour))

        tape.record(symbol, price: Price(cents: 1010), qty: 2, at: at(24 * hour))
        let second = try #require(tape.dayQuote(symbol))
        #expect(second.previousClose == Price(cents: 980))
        #expect((second.open, second.high, second.low, second.price) == (Price(cents: 1010), Price(cents: 1010), Price(cents: 1010), Price(cents: 1010)))
    }

    @Test func theDayQuoteAndTheDailyBarsReadTheSameDays() throws {
        var tape = TradeTape()
        tape.record(symbol, price: Price(cents: 1000), qty: 3, at: at(0))
        tape.record(symbol, price: Price(cents: 1020), qty: 1, at: at(24 * hour))
        tape.record(symbol, price: Price(cents: 990), qty: 2, at: at(25 * hour))
        let quote = try #require(tape.dayQuote(symbol))
        let bars = tape.dailyBars(symbol, at: at(26 * hour).nanoseconds)
        let today = try #require(bars.today)
        #expect((quote.open, quote.high, quote.low, quote.price) == (today.open, today.high, today.low, today.close))
        #expect(quote.previousClose == bars.previous?.close)
        #expect(today.volume == 3 && today.trades == 2)
        // A day without trades yet: no bar today, the last trading day is the previous one, and
        // the quote still shows that last trading day.
        let nextDay = tape.dailyBars(symbol, at: at(48 * hour).nanoseconds)
        #expect(nextDay.today == nil && nextDay.previous == today)
        #expect(tape.dayQuote(symbol) == quote)
        // Asked about an earlier day, the later days are not in sight.
        let firstDay = tape.dailyBars(symbol, at: at(hour).nanoseconds)
        #expect(firstDay.today?.close == Price(cents: 1000) && firstDay.previous == nil)
    }

    @Test func everyTradeOfAVenueReachesItsTapeWhoeverMadeIt() throws {
        var exchange = Exchange(venue: Venue("TESTEX"), symbols: [symbol])
        var events: [MatchEvent] = []
        _ = try exchange.submit(
            symbol: symbol, account: Account("MAKER1"), side: .sell, type: .limit, price: Price(cents: 700), qty: 3, at: start, into: &events)
        _ = try exchange.submit(
            symbol: symbol, account: Account("TAKER1"), side: .buy, type: .limit, price: Price(cents: 700), qty: 2, at: at(1), into: &events)
        var tape = TradeTape()
        tape.record(events, on: exchange, at: at(1))
        #expect(tape.latest[symbol]?.price == Price(cents: 700) && tape.latest[symbol]?.qty == 2)
        #expect(tape.dayQuote(symbol)?.price == Price(cents: 700))
        #expect(tape.minuteBars[symbol]?.count == 1 && tape.dayBars[symbol]?.count == 1)
    }
}
