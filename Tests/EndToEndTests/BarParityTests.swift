@testable import SimulatedMarket
import Risk
import StrategyKit
import Testing
import TestSupport
import Trading

/// The bars a strategy is given are the bars the simulated exchange serves on its Alpaca API for
/// the same trades: the engine's `BarBuilder` and the exchange's trade tape agree, for every
/// timeframe a strategy can ask for.
@Suite(.timeLimit(.minutes(10)))
struct BarParityTests {
    private final class Quiet: LogHandler {
        func write(_ record: LogRecord) {}
    }

    private final class Collector: Strategy {
        var bars: [Bar] = []
        func onBar(_ bar: Bar, context: StrategyContext) -> [Intent] {
            bars.append(bar)
            return []
        }
    }

    @Test(arguments: [BarTimeframe.oneMinute, .fiveMinutes, .fifteenMinutes, .oneHour])
    func theEnginesBarsAreTheExchangesBarsForTheSameTrades(timeframe: BarTimeframe) throws {
        var random = SplitMix64(seed: UInt64(timeframe.seconds))
        var tape = TradeTape()
        let collector = Collector()
        let engine = TradingEngine(
            venue: "TESTEX",
            strategies: [
                EngineStrategy(
                    id: "bars", symbols: ["FOOBAR"], parameters: try StrategyParameters(schema: []), strategy: collector,
                    limits: .defaults, data: MarketDataSubscription(books: nil, bars: [timeframe]))
            ],
            accountLimits: .defaults, journal: MemoryFillJournal(), logger: Logger(part: "test", level: .error, handler: Quiet()))
        let start: Int64 = 1_765_000_000 * 1_000_000_000
        var time = start
        var price: Int64 = 50_0000
        for _ in 0..<3_000 {
            // Gaps up to 20 minutes now and then, so that some spans have no trades.
            time += random.next() % 50 == 0 ? Int64(random.next() % 1_200_000_000_000) : Int64(random.next() % 5_000_000_000)
            price += Int64(random.next() % 2_001) - 1_000
            let qty = Quantity(shares: Int64(random.next() % 300) + 1)
            tape.record("FOOBAR", price: Price(units: price), qty: qty, at: Timestamp(nanoseconds: time))
            _ = try engine.handle(.trade(Trade(symbol: "FOOBAR", price: Price(units: price), qty: qty, time: Timestamp(nanoseconds: time))))
        }
        _ = try engine.handle(.timer(Timestamp(nanoseconds: time + timeframe.nanoseconds)))
        let served = tape.bars("FOOBAR", span: timeframe.nanoseconds, from: 0, to: .max)
        #expect(served.count > 10)
        #expect(collector.bars.count == served.count)
        for (bar, expected) in zip(collector.bars, served) {
            #expect(
                [bar.start.nanoseconds, bar.open.units, bar.high.units, bar.low.units, bar.close.units, bar.volume.shares, Int64(bar.trades)]
                    == [expected.start, expected.open.units, expected.high.units, expected.low.units, expected.close.units, expected.volume.shares,
                        expected.trades])
        }
    }
}
