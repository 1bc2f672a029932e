import StrategyKit
import Testing
import TestSupport

/// Prices and sizes no exchange should send, but one may: the SDK's arithmetic on them gives a
/// defined answer instead of trapping the process.
@Suite(.timeLimit(.minutes(10))) struct ExtremeValueTests {
    @Test func theMidOfTwoHugePricesIsTheirMidpointWithoutOverflow() {
        let huge: Int64 = 5_000_000_000_000_000_000
        #expect(BookSnapshot.fixture(bids: [(huge, 1)], asks: [(huge, 1)]).mid == Price(cents: huge))
        #expect(Touch(bid: Price(cents: .max - 1), bidSize: 1, ask: Price(cents: .max), askSize: 1).mid == Price(cents: .max - 1))
        #expect(Touch(bid: Price(cents: .min), bidSize: 1, ask: Price(cents: .min + 1), askSize: 1).mid == Price(cents: .min + 1))
        #expect(Touch(bid: Price(cents: .min), bidSize: 1, ask: Price(cents: .max), askSize: 1).mid == Price(cents: 0))
    }

    @Test func theMidRoundsAsBeforeWhereTheSumFits() {
        for (bid, ask) in [(Int64(5_000), Int64(5_101)), (-5, 2), (-5, -2), (0, 1), (7, 7)] {
            let touch = Touch(bid: Price(cents: bid), bidSize: 1, ask: Price(cents: ask), askSize: 1)
            #expect(touch.mid == Price(cents: (bid + ask) / 2))
        }
    }

    @Test func theMicroPriceOfHugeSizesAndPricesStaysBetweenBidAndAsk() {
        let top = Touch(bid: Price(cents: .max - 10), bidSize: Quantity(shares: .max), ask: Price(cents: .max), askSize: Quantity(shares: .max))
        #expect(top.microPrice == Price(cents: .max - 5))
        let limits = Touch(bid: Price(cents: 999_999_999), bidSize: 9_000_000_000, ask: .maxAccepted, askSize: .maxAccepted)
        #expect(limits.microPrice == Price(cents: 999_999_999))
        let negative = Touch(bid: 100, bidSize: Quantity(shares: .min), ask: 200, askSize: Quantity(shares: .max))
        #expect(negative.microPrice == Price(cents: 150))
    }

    @Test func spreadsSizesAndDepthsSaturateInsteadOfTrapping() {
        let wide = BookSnapshot.fixture(bids: [(.min, .max), (.min, .max)], asks: [(.max, .max), (.max - 1, 1)])
        #expect(wide.spread == Price(cents: .max))
        #expect(wide.size(atBest: .buy) == Quantity(shares: .max))
        #expect(wide.depth(.sell) == Quantity(shares: .max))
        #expect(wide.touch == Touch(bid: Price(cents: .min), bidSize: Quantity(shares: .max), ask: Price(cents: .max), askSize: Quantity(shares: .max)))
        let short = BookSnapshot.fixture(bids: [(1, .min), (1, -1)], asks: [])
        #expect(short.depth(.buy) == Quantity(shares: .min))
    }

    @Test func theLimitsAreTheSimulatedExchangesAndTheirProductFits() {
        #expect(Price.maxAccepted == Price(cents: 1_000_000_000))
        #expect(Quantity.maxAccepted == Quantity(shares: 1_000_000_000))
        #expect(Price.maxAccepted.cents.multipliedReportingOverflow(by: Quantity.maxAccepted.shares).overflow == false)
    }
}
