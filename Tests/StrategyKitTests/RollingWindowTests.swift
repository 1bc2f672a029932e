import StrategyKit
import Testing

@Suite(.timeLimit(.minutes(10))) struct RollingWindowTests {
    @Test(arguments: IndicatorSeries.periods)
    func minimumAndMaximumAreThoseOfTheWindow(period: Int) {
        for prices in IndicatorSeries.all(seed: 21) + [falling(), rising()] {
            var minimum = RollingMinimum(period: period)
            var maximum = RollingMaximum(period: period)
            for (index, price) in prices.enumerated() {
                minimum.update(price)
                maximum.update(price)
                guard index + 1 >= period else {
                    #expect(minimum.value == nil && maximum.value == nil)
                    continue
                }
                let window = prices[(index + 1 - period)...index]
                #expect(minimum.value == window.min(), "step \(index)")
                #expect(maximum.value == window.max(), "step \(index)")
            }
        }
    }

    @Test(arguments: IndicatorSeries.periods)
    func standardDeviationIsTheExactRootRoundedHalfUp(period: Int) {
        for prices in IndicatorSeries.all(seed: 22) {
            var deviation = RollingStandardDeviation(period: period)
            for (index, price) in prices.enumerated() {
                deviation.update(price)
                guard index + 1 >= period else {
                    #expect(deviation.value == nil)
                    continue
                }
                let window = prices[(index + 1 - period)...index]
                let units = deviation.value?.units ?? -1
                let scaled = IndicatorSeries.scaledVariance(window)
                #expect(IndicatorSeries.isRoundedRoot(units, of: scaled, over: Int128(period)), "step \(index): \(units)")
                #expect(IndicatorSeries.matches(units, roundedFrom: IndicatorSeries.standardDeviation(window)), "step \(index)")
            }
        }
    }

    @Test func standardDeviationOfAConstantWindowIsZero() {
        var deviation = RollingStandardDeviation(period: 20)
        for price in IndicatorSeries.walk(seed: 23, count: 100) { deviation.update(price) }
        for _ in 0..<20 { deviation.update(Price(units: 99_9999)) }
        #expect(deviation.value == .zero)
    }

    @Test func standardDeviationRoundsAnExactHalfUp() {
        var deviation = RollingStandardDeviation(period: 2)
        deviation.update(Price(units: 10))
        deviation.update(Price(units: 11))
        #expect(deviation.value == Price(units: 1))
    }

    @Test(arguments: IndicatorSeries.periods)
    func bollingerBandsAreTheMeanPlusAndMinusTheRoundedWidth(period: Int) {
        for width in [0, 1, 2, 2.5, 3.142] {
            let thousandths = Int128((width * 1000).rounded())
            for prices in IndicatorSeries.all(seed: 24) {
                var bands = BollingerBands(period: period, width: width)
                for (index, price) in prices.enumerated() {
                    bands.update(price)
                    guard index + 1 >= period else {
                        #expect(bands.value == nil)
                        continue
                    }
                    let window = prices[(index + 1 - period)...index]
                    guard let band = bands.value else {
                        Issue.record("no bands at step \(index)")
                        return
                    }
                    let mean = window.reduce(0.0) { $0 + Double($1.units) } / Double(period)
                    #expect(band.middle == Price(units: IndicatorSeries.rounded(mean)), "step \(index)")
                    let distance = band.upper.units - band.middle.units
                    #expect(band.middle.units - band.lower.units == distance)
                    let scaled = thousandths * thousandths * IndicatorSeries.scaledVariance(window)
                    #expect(IndicatorSeries.isRoundedRoot(distance, of: scaled, over: 1000 * Int128(period)), "step \(index): \(distance)")
                }
            }
        }
    }

    @Test func bollingerWidthIsHeldInThousandths() {
        #expect(BollingerBands(period: 20, width: 2.0004).width == 2)
        #expect(BollingerBands(period: 20, width: 2.5).width == 2.5)
    }

    private func falling() -> [Price] { (0..<300).map { Price(units: 10_0000 - Int64($0)) } }
    private func rising() -> [Price] { (0..<300).map { Price(units: 10_0000 + Int64($0)) } }
}
