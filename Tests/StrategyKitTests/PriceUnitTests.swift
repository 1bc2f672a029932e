import StrategyKit
import Testing

/// SDK 3.0's unit: `Price` and `Money` hold $0.0001; cents convert exactly one way and only on
/// purpose the other way.
@Suite(.timeLimit(.minutes(10))) struct PriceUnitTests {
    @Test func centsAndLiteralsAreExactHundredsOfUnits() {
        #expect(Price(cents: 5_100).units == 510_000)
        #expect(Money(cents: -5).units == -500)
        let literal: Price = 5_100
        #expect(literal == Price(cents: 5_100))
        let fee: Money = 3
        #expect(fee == Money(units: 300))
        #expect(Price.unitsPerCent == 100 && Price.unitsPerDollar == 10_000)
        #expect(Price(exactCents: .max / 100 + 1) == nil && Money(exactCents: .min) == nil)
        #expect(Price(exactCents: 7) == Price(units: 700))
    }

    @Test func wholeCentsRefusesASubPennyPrice() {
        #expect(Price(units: 510_000).wholeCents == 5_100)
        #expect(Price(units: 510_050).wholeCents == nil)
        #expect(Money(units: -500).wholeCents == -5)
        #expect(Money(units: -501).wholeCents == nil)
    }

    @Test(arguments: [
        (Int64(510_050), FloatingPointRoundingRule.down, Int64(5_100)), (510_050, .up, 5_101), (510_050, .towardZero, 5_100),
        (510_050, .awayFromZero, 5_101), (510_050, .toNearestOrAwayFromZero, 5_101), (510_050, .toNearestOrEven, 5_100),
        (510_150, .toNearestOrEven, 5_102), (510_049, .toNearestOrAwayFromZero, 5_100), (-150, .down, -2), (-150, .up, -1),
        (-150, .towardZero, -1), (-150, .awayFromZero, -2), (-150, .toNearestOrAwayFromZero, -2), (-150, .toNearestOrEven, -2),
        (-250, .toNearestOrEven, -2), (-149, .toNearestOrAwayFromZero, -1), (700, .up, 7), (-700, .down, -7),
    ])
    func centsRoundOnlyWhenAskedAndAsAsked(units: Int64, rule: FloatingPointRoundingRule, cents: Int64) {
        #expect(Price(units: units).cents(rounded: rule) == cents)
        #expect(Money(units: units).cents(rounded: rule) == cents)
    }

    @Test func descriptionsShowTwoDecimalsForWholeCentsAndUpToFourOtherwise() {
        #expect(Money(cents: 123_450).description == "1234.50")
        #expect(Money(units: 1_234).description == "0.1234")
        #expect(Money(units: 510_050).description == "51.005")
        #expect(Money(units: 510_010).description == "51.001")
        #expect(Money(units: 510_001).description == "51.0001")
        #expect(Money(units: -1).description == "-0.0001")
        #expect(Money(units: -10).description == "-0.001")
        #expect(Price(units: 9_999).description == "0.9999")
        #expect(Price(units: 10_000).description == "1.00")
    }

    @Test func aSubPennyNotionalIsExact() {
        #expect(Price(units: 500_125) * Quantity(shares: 3) == Money(units: 1_500_375))
        #expect((Price(units: 500_125) * Quantity(shares: 3)).description == "150.0375")
    }

    @Test func theMidAndMicroPriceStayOnTheCentGrid() {
        let touch = Touch(bid: Price(cents: 5_000), bidSize: 1, ask: Price(cents: 5_001), askSize: 1)
        #expect(touch.mid == Price(cents: 5_000))
        let subPenny = Touch(bid: Price(units: 500_040), bidSize: 3, ask: Price(units: 500_090), askSize: 1)
        #expect(subPenny.mid == Price(cents: 5_000))
        #expect(subPenny.microPrice == Price(cents: 5_000))
    }
}
