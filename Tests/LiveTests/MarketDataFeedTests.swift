import Brokerage
@testable import Live
import Lifecycle
import StrategyKit
import Testing
import TestSupport
import Trading
import TradingTestSupport
import Wire

/// What the runner feeds the engine besides books: the last trade of each symbol a strategy
/// hears trades of (each print once), the market session (at start, and when it changes), and
/// wake-ups at the engine's next timer.
@Suite(.timeLimit(.minutes(10))) struct MarketDataFeedTests {
    @Test func aTradeIsHeardOnceThoughPolledAgainAndAnEarlierOneNotAtAll() async throws {
        let harness = try EngineHarness(data: MarketDataSubscription(books: nil, trades: true))
        let broker = FakeBroker(placement: .placed(filled: 0), clock: WallClock.now)
        let first = Trade(symbol: "FOOBAR", price: 5_005, qty: 30, time: EngineHarness.time(2_000))
        // The same time with another size is another print; an earlier time is not new.
        let second = Trade(symbol: "FOOBAR", price: 5_005, qty: 40, time: EngineHarness.time(2_000))
        let earlier = Trade(symbol: "FOOBAR", price: 5_000, qty: 10, time: EngineHarness.time(1_000))
        broker.reportTrades([nil, first, first, second, second, earlier])
        let heard = Locked<[Trade]>([])
        harness.strategy.onTradeIntents = { trade, _ in
            heard.update { $0.append(trade) }
            return []
        }
        try await LiveRunnerTests.withRiskStatePath { path in
            let runner = LiveRunnerTests.runner(harness, broker, riskStatePath: path)
            try await RunnerStartTests.run(runner) { broker.calls.lastTrades >= 9 }
        }
        #expect(heard.get() == [first, second])
    }

    @Test func aStrategyOnBooksOnlyCausesNoTradePolls() async throws {
        let harness = try EngineHarness()
        let broker = FakeBroker(placement: .placed(filled: 0), clock: WallClock.now)
        try await LiveRunnerTests.withRiskStatePath { path in
            let runner = LiveRunnerTests.runner(harness, broker, riskStatePath: path)
            try await RunnerStartTests.run(runner) { broker.calls.books >= 3 }
        }
        #expect(broker.calls.lastTrades == 0)
    }

    @Test func theSessionIsToldBeforeStartAndItsChangeWhenPolled() async throws {
        let harness = try EngineHarness()
        let broker = FakeBroker(placement: .placed(filled: 0), clock: WallClock.now)
        let opens = WallClock.now().advanced(byMilliseconds: 3_600_000)
        let closes = opens.advanced(byMilliseconds: 3_600_000)
        let closed = MarketSession(isOpen: false, nextClose: closes, nextOpen: opens)
        let open = MarketSession(isOpen: true, nextClose: closes, nextOpen: opens)
        broker.reportSessions([closed, closed, open])
        let atStart = Locked<MarketSession?>(nil)
        let events = Locked<[SessionEvent]>([])
        harness.strategy.onStartIntents = { context in
            atStart.set(context.session)
            return []
        }
        harness.strategy.onSessionIntents = { event, _ in
            events.update { $0.append(event) }
            return []
        }
        try await LiveRunnerTests.withRiskStatePath { path in
            let runner = LiveRunnerTests.runner(harness, broker, riskStatePath: path)
            try await RunnerStartTests.run(runner) { events.get().count >= 2 }
        }
        #expect(atStart.get() == closed)
        #expect(events.get() == [.closed(opens: opens), .opened(closes: closes)])
        #expect(harness.engine.session == open)
    }

    /// The runner's tick is an hour here: only the wake-up at the engine's next timer can fire it.
    @Test func aTimerSetAtStartFiresWithoutWaitingForTheTick() async throws {
        let harness = try EngineHarness()
        let broker = FakeBroker(placement: .placed(filled: 0), clock: WallClock.now)
        let fired = Locked<[TimerID]>([])
        harness.strategy.onStartIntents = { context in [.setTimer("soon", at: context.now.advanced(byMilliseconds: 50))] }
        harness.strategy.onTimerIntents = { id, _ in
            fired.update { $0.append(id) }
            return []
        }
        try await LiveRunnerTests.withRiskStatePath { path in
            let runner = LiveRunnerTests.runner(harness, broker, riskStatePath: path, tickInterval: .seconds(3_600))
            try await RunnerStartTests.run(runner) { !fired.get().isEmpty }
        }
        #expect(fired.get() == ["soon"])
    }
}
