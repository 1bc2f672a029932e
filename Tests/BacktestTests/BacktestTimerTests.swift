import Backtest
import StrategyKit
import Testing
import TestSupport
import Trading

/// Sets a timer 250 ms ahead at the start and again each time it fires; records when it fired.
private final class Metronome: Strategy {
    var fired: [Timestamp] = []

    func start(context: StrategyContext) -> [Intent] {
        [.setTimer("tick", at: Timestamp(nanoseconds: context.now.nanoseconds + 250_000_000))]
    }

    func onTimer(_ id: TimerID, context: StrategyContext) -> [Intent] {
        fired.append(context.now)
        return [.setTimer(id, at: Timestamp(nanoseconds: context.now.nanoseconds + 250_000_000))]
    }
}

@Suite(.timeLimit(.minutes(10)))
struct BacktestTimerTests {
    /// Books a second apart with 250 ms timers between them: every timer fires at its own
    /// simulated instant, before the book after it, and a second run fires them at the same ones.
    @Test func timersFireAtTheSameSimulatedInstantsInEveryRun() throws {
        func run() throws -> [Timestamp] {
            let strategy = Metronome()
            let backtester = try BacktesterTests.backtester(strategy)
            for second in Int64(0)..<4 {
                try backtester.feed(BacktesterTests().book(second * 1_000 + 3, bids: [(5000, 50)], asks: [(5010, 10)]))
            }
            try backtester.finish()
            return strategy.fired
        }
        let first = try run()
        let start: Int64 = 1_700_000_000_000_000_000 + 3_000_000
        #expect(first == (1...12).map { Timestamp(nanoseconds: start + Int64($0) * 250_000_000) })
        #expect(try run() == first)
    }
}
