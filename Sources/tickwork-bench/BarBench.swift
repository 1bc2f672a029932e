import Foundation
import Risk
import StrategyKit
import Trading

/// A strategy on one-minute bars over a million trades through the engine: the trades in, the
/// bars built and closed, the strategy's `onBar` (a 20-bar average of closes) called.
enum BarBench {
    /// Averages the last 20 closes; places nothing, so the figure is the data path alone.
    final class BarAverager: Strategy {
        var closes = SimpleMovingAverage(period: 20)
        var bars = 0

        func onBar(_ bar: Bar, context: StrategyContext) -> [Intent] {
            closes.update(bar.close)
            bars += 1
            return []
        }
    }

    static func run(trades: Int = 1_000_000) throws {
        var best = Double.infinity
        var bars = 0
        for _ in 0..<3 {
            let strategy = BarAverager()
            let engine = TradingEngine(
                venue: "TESTEX",
                strategies: [
                    EngineStrategy(
                        id: "bars", symbols: ["FOOBAR"], parameters: try StrategyParameters(schema: []), strategy: strategy,
                        limits: .defaults, data: MarketDataSubscription(books: nil, bars: [.oneMinute]))
                ],
                accountLimits: .defaults, journal: MemoryFillJournal(), logger: Logger(part: "bench", level: .error, handler: DiscardingLogHandler()))
            var random = SplitMix64(seed: 7)
            var price: Int64 = 5_000_00
            let start = monotonicNanoseconds()
            for index in 0..<trades {
                price += Int64(random.next() % 21) - 10
                let trade = Trade(
                    symbol: "FOOBAR", price: Price(units: price), qty: Quantity(shares: Int64(random.next() % 500) + 1),
                    time: Timestamp(nanoseconds: Int64(index) * 10_000_000))
                _ = try engine.handle(.trade(trade))
            }
            best = min(best, Double(monotonicNanoseconds() - start))
            bars = strategy.bars
        }
        let inputs = ["trades": String(trades), "spacing": "10 ms", "timeframe": "1Min", "bars": String(bars), "strategy": "20-bar SMA of closes"]
        Figure(name: "bars.tradesPerSecond", unit: "M/s", value: Double(trades) / best * 1_000, inputs: inputs).print()
    }
}
