@testable import Trading
import StrategyKit
import Testing

/// A closing order's limit: as far across as the collar reaches from the reference, never beyond.
@Suite(.timeLimit(.minutes(10)))
struct ClosingPriceTests {
    /// Whether `price` is within `basisPoints` of `reference`, as the risk checker's collar says.
    private static func inCollar(_ price: Price, _ reference: Price, _ basisPoints: Int64) -> Bool {
        abs(price.units - reference.units) * 10_000 <= reference.units * basisPoints
    }

    @Test func aSellGoesDownAndABuyUpToTheLastWholeCentInsideTheCollar() {
        let mid = Price(units: 500_500)  // 50.05
        let sell = ClosingPrice.price(side: .sell, reference: mid, collarBasisPoints: 500)
        let buy = ClosingPrice.price(side: .buy, reference: mid, collarBasisPoints: 500)
        #expect(sell == Price(units: 475_500))
        #expect(buy == Price(units: 525_500))
        for price in [sell, buy].compactMap({ $0 }) { #expect(Self.inCollar(price, mid, 500)) }
    }

    @Test func aCollarNarrowerThanACentKeepsTheExactEdge() {
        let reference = Price(units: 10_005)  // 1.0005, collar 1 bp: 1 unit
        let sell = ClosingPrice.price(side: .sell, reference: reference, collarBasisPoints: 1)
        #expect(sell == Price(units: 10_004))
        #expect(sell.map { Self.inCollar($0, reference, 1) } == true)
    }

    @Test func noReferenceOrAPriceAtOrBelowZeroGivesNone() {
        #expect(ClosingPrice.price(side: .sell, reference: nil, collarBasisPoints: 500) == nil)
        #expect(ClosingPrice.price(side: .sell, reference: Price(units: 100), collarBasisPoints: 10_000) == nil)
    }
}
