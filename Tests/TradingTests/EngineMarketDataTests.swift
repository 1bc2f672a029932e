import StrategyKit
import Testing
import TestSupport
import Trading
import TradingTestSupport

/// What a strategy is called with follows its subscription: books, quotes, top levels, trades,
/// bars built from the trades, timers and sessions.
@Suite(.timeLimit(.minutes(10)))
struct EngineMarketDataTests {
    private static func book(at ms: Int64, bids: [(Int64, Int64)], asks: [(Int64, Int64)]) -> BookSnapshot {
        BookSnapshot.fixture(bids: bids, asks: asks, exchangeTime: EngineHarness.time(ms), receivedTime: EngineHarness.time(ms), sequence: UInt64(ms))
    }

    private static func trade(_ price: Price, _ qty: Quantity, atMs ms: Int64) -> Trade {
        Trade(symbol: "FOOBAR", price: price, qty: qty, time: EngineHarness.time(ms))
    }

    @Test func aQuotesSubscriptionIsCalledOnlyWhenTheTouchChanges() throws {
        let harness = try EngineHarness(data: MarketDataSubscription(books: .quotes))
        var calls: [Int64] = []
        harness.strategy.onBookIntents = { book, _ in
            calls.append(book.receivedTime.nanoseconds / 1_000_000)
            return []
        }
        _ = try harness.engine.handle(.book(Self.book(at: 1, bids: [(5_000, 100), (4_990, 50)], asks: [(5_010, 100)])))
        // A deeper level moves: the touch is as it was.
        _ = try harness.engine.handle(.book(Self.book(at: 2, bids: [(5_000, 100), (4_980, 70)], asks: [(5_010, 100)])))
        // The best bid's size changes.
        _ = try harness.engine.handle(.book(Self.book(at: 3, bids: [(5_000, 90), (4_980, 70)], asks: [(5_010, 100)])))
        // The best ask's price changes.
        _ = try harness.engine.handle(.book(Self.book(at: 4, bids: [(5_000, 90)], asks: [(5_020, 100)])))
        _ = try harness.engine.handle(.book(Self.book(at: 5, bids: [(5_000, 90)], asks: [(5_020, 100)])))
        #expect(calls == [1, 3, 4])
        #expect(harness.engine.statistics.books == 5)
    }

    /// A strategy on quotes whose orders changed is given the next book whatever it shows, so
    /// that it decides as it would on every book.
    @Test func aQuotesSubscriptionHearsTheNextBookAfterItsOrdersChanged() throws {
        let harness = try EngineHarness(data: MarketDataSubscription(books: .quotes))
        var calls = 0
        harness.strategy.onBookIntents = { _, _ in
            calls += 1
            return calls == 1 ? [.place(EngineHarness.buy)] : []
        }
        _ = try harness.engine.handle(.book(EngineHarness.book(at: 1)))
        _ = try harness.engine.handle(.book(EngineHarness.book(at: 2)))
        _ = try harness.engine.handle(.book(EngineHarness.book(at: 3)))
        #expect(calls == 2)
    }

    @Test func aLevelsSubscriptionIsCalledWhenOneOfItsLevelsChanges() throws {
        let harness = try EngineHarness(data: MarketDataSubscription(books: .levels(2)))
        var calls: [Int64] = []
        harness.strategy.onBookIntents = { book, _ in
            calls.append(book.receivedTime.nanoseconds / 1_000_000)
            return []
        }
        _ = try harness.engine.handle(.book(Self.book(at: 1, bids: [(5_000, 100), (4_990, 50), (4_980, 10)], asks: [(5_010, 100)])))
        // The third level moves: not called.
        _ = try harness.engine.handle(.book(Self.book(at: 2, bids: [(5_000, 100), (4_990, 50), (4_970, 10)], asks: [(5_010, 100)])))
        // The second level's size: called.
        _ = try harness.engine.handle(.book(Self.book(at: 3, bids: [(5_000, 100), (4_990, 40), (4_970, 10)], asks: [(5_010, 100)])))
        #expect(calls == [1, 3])
    }

    @Test func tradesReachTheirSubscribersMarkedOursWhenTheyMatchAFill() throws {
        let harness = try EngineHarness(data: MarketDataSubscription(books: .every, trades: true))
        var trades: [Trade] = []
        harness.strategy.onTradeIntents = { trade, _ in
            trades.append(trade)
            return []
        }
        let client = try harness.placeOneBuy()
        _ = try harness.engine.handle(.placed(client, EngineHarness.status(id: 7, fills: [OrderFill(price: 5_010, qty: 10, ts: EngineHarness.time(2))]), at: EngineHarness.time(2)))
        _ = try harness.engine.handle(.trade(Self.trade(5_010, 10, atMs: 2)))
        _ = try harness.engine.handle(.trade(Self.trade(5_011, 3, atMs: 3)))
        #expect(trades.map(\.isOurs) == [true, false])
        #expect(trades.map(\.price) == [5_010, 5_011])
    }

    /// Bars close on the first trade at or after their end, or on a timer then, and a span
    /// without trades makes none.
    @Test func barsAreBuiltFromTradesAndCloseOnTheNextTradeOrTimer() throws {
        let harness = try EngineHarness(data: MarketDataSubscription(books: nil, bars: [.oneMinute]))
        var bars: [Bar] = []
        harness.strategy.onBarIntents = { bar, _ in
            bars.append(bar)
            return []
        }
        _ = try harness.engine.handle(.trade(Self.trade(5_000, 10, atMs: 1_000)))
        _ = try harness.engine.handle(.trade(Self.trade(5_020, 5, atMs: 30_000)))
        _ = try harness.engine.handle(.trade(Self.trade(4_990, 1, atMs: 59_999)))
        #expect(bars.isEmpty)
        #expect(harness.engine.nextWakeUp == EngineHarness.time(60_000))
        _ = try harness.engine.handle(.trade(Self.trade(5_005, 2, atMs: 60_000)))
        #expect(bars == [Bar(symbol: "FOOBAR", timeframe: .oneMinute, start: .zero, open: 5_000, high: 5_020, low: 4_990, close: 4_990, volume: 16, trades: 3)])
        _ = try harness.engine.handle(.timer(EngineHarness.time(119_999)))
        #expect(bars.count == 1)
        _ = try harness.engine.handle(.timer(EngineHarness.time(120_000)))
        #expect(bars.last == Bar(symbol: "FOOBAR", timeframe: .oneMinute, start: EngineHarness.time(60_000), open: 5_005, high: 5_005, low: 5_005, close: 5_005, volume: 2, trades: 1))
        _ = try harness.engine.handle(.timer(EngineHarness.time(300_000)))
        #expect(bars.count == 2 && harness.engine.nextWakeUp == nil)
    }

    @Test func timersFireAtTheirTimeInOrderAndCanBeMovedOrCancelled() throws {
        let harness = try EngineHarness()
        var fired: [(TimerID, Int64)] = []
        harness.strategy.onStartIntents = { _ in
            [.setTimer("b", at: EngineHarness.time(20)), .setTimer("a", at: EngineHarness.time(10)), .setTimer("c", at: EngineHarness.time(5)),
             .cancelTimer("c"), .setTimer("d", at: EngineHarness.time(15))]
        }
        harness.strategy.onTimerIntents = { id, context in
            fired.append((id, context.now.nanoseconds / 1_000_000))
            return id == "a" ? [.setTimer("d", at: EngineHarness.time(30))] : []
        }
        _ = try harness.engine.start(at: EngineHarness.time(0))
        #expect(harness.engine.nextWakeUp == EngineHarness.time(10))
        _ = try harness.engine.handle(.timer(EngineHarness.time(9)))
        #expect(fired.isEmpty)
        _ = try harness.engine.handle(.timer(EngineHarness.time(25)))
        #expect(fired.map(\.0) == ["a", "b"] && fired.map(\.1) == [25, 25])
        #expect(harness.engine.nextWakeUp == EngineHarness.time(30))
        _ = try harness.engine.handle(.timer(EngineHarness.time(30)))
        #expect(fired.map(\.0) == ["a", "b", "d"] && harness.engine.nextWakeUp == nil)
    }

    @Test func aSessionChangeIsToldOnceAndEveryContextSaysIt() throws {
        let harness = try EngineHarness()
        var events: [SessionEvent] = []
        var sessions: [MarketSession] = []
        harness.strategy.onSessionIntents = { event, context in
            events.append(event)
            sessions.append(context.session)
            return []
        }
        let close = EngineHarness.time(1_000)
        let closed = MarketSession(isOpen: false, nextClose: close, nextOpen: EngineHarness.time(500))
        _ = try harness.engine.handle(.session(closed, at: EngineHarness.time(1)))
        _ = try harness.engine.handle(.session(closed, at: EngineHarness.time(2)))
        let open = MarketSession(isOpen: true, nextClose: close, nextOpen: nil)
        _ = try harness.engine.handle(.session(open, at: EngineHarness.time(500)))
        #expect(events == [.closed(opens: EngineHarness.time(500)), .opened(closes: close)])
        #expect(sessions == [closed, open])
    }

    @Test func subscriptionsParseFromTheConfigurationsNames() throws {
        let data = try MarketDataSubscription(parsing: ["quotes", "trades", "bars:5Min", "bars:1Min"])
        #expect(data == MarketDataSubscription(books: .quotes, trades: true, bars: [.oneMinute, .fiveMinutes]))
        #expect(data.names == ["quotes", "trades", "bars:1Min", "bars:5Min"])
        #expect(try MarketDataSubscription(parsing: ["books:5"]).books == .levels(5))
        #expect(try MarketDataSubscription(parsing: []).books == nil)
        #expect(throws: MarketDataSubscriptionError.unknown("bars:2Min")) { try MarketDataSubscription(parsing: ["bars:2Min"]) }
        #expect(throws: MarketDataSubscriptionError.unknown("books:0")) { try MarketDataSubscription(parsing: ["books:0"]) }
    }
}
