import StrategyKit
import Testing

@Suite(.timeLimit(.minutes(10))) struct WilderIndicatorTests {
    @Test(arguments: IndicatorSeries.periods)
    func relativeStrengthFollowsWildersRecurrence(period: Int) {
        for prices in IndicatorSeries.all(seed: 31) {
            var index = RelativeStrengthIndex(period: period)
            var gain = 0.0
            var loss = 0.0
            for (step, price) in prices.enumerated() {
                index.update(price)
                guard step >= period else {
                    #expect(index.value == nil)
                    continue
                }
                if step == period {
                    let changes = (1...period).map { prices[$0].units - prices[$0 - 1].units }
                    gain = Double(changes.filter { $0 > 0 }.reduce(0, +)) / Double(period)
                    loss = Double(-changes.filter { $0 < 0 }.reduce(0, +)) / Double(period)
                } else {
                    let change = price.units - prices[step - 1].units
                    gain = (gain * Double(period - 1) + Double(max(change, 0))) / Double(period)
                    loss = (loss * Double(period - 1) + Double(max(-change, 0))) / Double(period)
                }
                let expected = gain + loss > 0 ? 100 * gain / (gain + loss) : 50
                let value = index.value ?? -1
                #expect(abs(value - expected) <= 1e-9 * 100, "step \(step): \(value) for \(expected)")
                #expect((0...100).contains(value))
            }
        }
    }

    @Test func relativeStrengthOfAConstantSeriesIsFifty() {
        var index = RelativeStrengthIndex(period: 14)
        for _ in 0..<15 { index.update(Price(units: 20_0000)) }
        #expect(index.value == 50)
    }

    @Test func relativeStrengthOfOnlyGainsIsHundredAndOfOnlyLossesZero() {
        var rising = RelativeStrengthIndex(period: 5)
        var falling = RelativeStrengthIndex(period: 5)
        for step in 0..<10 {
            rising.update(Price(units: 1_0000 + Int64(step)))
            falling.update(Price(units: 1_0000 - Int64(step)))
        }
        #expect(rising.value == 100)
        #expect(falling.value == 0)
    }

    @Test(arguments: IndicatorSeries.periods)
    func averageTrueRangeFollowsWildersRecurrence(period: Int) {
        var random = SplitMix64(seed: 32)
        for closes in IndicatorSeries.all(seed: 33) {
            let bars = closes.map { close in
                (high: close.units + random.int(in: 0...700), low: close.units - random.int(in: 0...700), close: close.units)
            }
            var range = AverageTrueRange(period: period)
            var reference = 0.0
            for (step, bar) in bars.enumerated() {
                range.update(high: Price(units: bar.high), low: Price(units: bar.low), close: Price(units: bar.close))
                guard step >= period else {
                    #expect(range.value == nil)
                    continue
                }
                func trueRange(_ at: Int) -> Double {
                    let previous = bars[at - 1].close
                    return Double(max(bars[at].high - bars[at].low, abs(bars[at].high - previous), abs(bars[at].low - previous)))
                }
                if step == period {
                    reference = (1...period).reduce(0.0) { $0 + trueRange($1) } / Double(period)
                } else {
                    reference = (reference * Double(period - 1) + trueRange(step)) / Double(period)
                }
                let units = range.value?.units ?? .min
                #expect(IndicatorSeries.matches(units, roundedFrom: reference), "step \(step): \(units) for \(reference)")
            }
        }
    }

    @Test func averageTrueRangeCountsTheGapFromThePreviousClose() {
        var range = AverageTrueRange(period: 1)
        range.update(high: Price(units: 110), low: Price(units: 90), close: Price(units: 100))
        #expect(range.value == nil)
        range.update(high: Price(units: 130), low: Price(units: 125), close: Price(units: 128))
        #expect(range.value == Price(units: 30))
    }
}
