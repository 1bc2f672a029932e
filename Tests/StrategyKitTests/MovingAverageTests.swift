import StrategyKit
import Testing

@Suite(.timeLimit(.minutes(10))) struct MovingAverageTests {
    @Test(arguments: IndicatorSeries.periods)
    func simpleAverageIsTheRoundedMeanOfTheWindow(period: Int) {
        for prices in IndicatorSeries.all(seed: 11) {
            var average = SimpleMovingAverage(period: period)
            for (index, price) in prices.enumerated() {
                average.update(price)
                guard index + 1 >= period else {
                    #expect(average.value == nil)
                    continue
                }
                let window = prices[(index + 1 - period)...index]
                let mean = window.reduce(0.0) { $0 + Double($1.units) } / Double(period)
                #expect(average.value == Price(units: IndicatorSeries.rounded(mean)), "step \(index)")
            }
        }
    }

    @Test func simpleAverageRoundsHalvesAwayFromZero() {
        var average = SimpleMovingAverage(period: 2)
        average.update(Price(units: 1))
        average.update(Price(units: 2))
        #expect(average.value == Price(units: 2))
        average.update(Price(units: -4))
        average.update(Price(units: -3))
        #expect(average.value == Price(units: -4))
    }

    @Test(arguments: IndicatorSeries.periods)
    func exponentialAverageFollowsTheTextbookRecurrence(period: Int) {
        let alpha = 2 / Double(period + 1)
        for prices in IndicatorSeries.all(seed: 12) {
            var average = ExponentialMovingAverage(period: period)
            var reference = 0.0
            for (index, price) in prices.enumerated() {
                average.update(price)
                if index + 1 < period {
                    #expect(average.value == nil)
                    continue
                }
                if index + 1 == period {
                    reference = prices[0..<period].reduce(0.0) { $0 + Double($1.units) } / Double(period)
                } else {
                    reference += alpha * (Double(price.units) - reference)
                }
                let units = average.value?.units ?? .min
                #expect(IndicatorSeries.matches(units, roundedFrom: reference), "step \(index): \(units) for \(reference)")
            }
        }
    }

    @Test func exponentialAverageOfPeriodOneIsTheLastPrice() {
        var average = ExponentialMovingAverage(period: 1)
        for price in IndicatorSeries.walk(seed: 13, count: 500) {
            average.update(price)
            #expect(average.value == price)
        }
    }

    @Test func exponentialAverageOfAConstantSeriesStaysExact() {
        var average = ExponentialMovingAverage(period: 9)
        for _ in 0..<100_000 { average.update(Price(units: 51_0001)) }
        #expect(average.value == Price(units: 51_0001))
    }

    @Test func vwapIsTheRoundedQuantityWeightedMeanSinceTheLastReset() {
        var random = SplitMix64(seed: 14)
        var vwap = VolumeWeightedAveragePrice()
        #expect(vwap.value == nil)
        for session in 0..<3 {
            var notional = 0.0
            var volume = 0.0
            for (index, price) in IndicatorSeries.walk(seed: 15 + UInt64(session), count: 1_000).enumerated() {
                let quantity = Quantity(shares: random.int(in: 0...1_000))
                vwap.update(price: price, quantity: quantity)
                notional += Double(price.units) * Double(quantity.shares)
                volume += Double(quantity.shares)
                let expected = volume > 0 ? Price(units: IndicatorSeries.rounded(notional / volume)) : nil
                #expect(vwap.value == expected, "session \(session) step \(index)")
            }
            #expect(vwap.totalQuantity == Quantity(shares: Int64(volume)))
            vwap.reset()
            #expect(vwap.value == nil)
            #expect(vwap.totalQuantity == .zero)
        }
    }

    @Test func vwapStaysExactPastSixtyFourBitNotionals() {
        var vwap = VolumeWeightedAveragePrice()
        for _ in 0..<20 {
            vwap.update(price: Price.maxAccepted, quantity: Quantity.maxAccepted)
            vwap.update(price: Price(units: Price.maxAccepted.units - 3), quantity: Quantity.maxAccepted)
        }
        // The mean is maxAccepted - 1.5 units, a half that rounds away from zero (up).
        #expect(vwap.value == Price(units: Price.maxAccepted.units - 1))
    }
}
