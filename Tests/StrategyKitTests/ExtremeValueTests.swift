import StrategyKit
import Testing
import TestSupport

/// Prices and sizes no exchange should send, but one may: the SDK's arithmetic on them gives a
/// defined answer instead of trapping the process.
@Suite(.timeLimit(.minutes(10))) struct ExtremeValueTests {
    @Test func theMidOfTwoHugePricesIsTheirMidpointWithoutOverflow() {
        let huge = Price(units: 5_000_000_000_000_000_000)
        let hugeBook = BookSnapshot.fixture(
            bidEntries: [BookEntry(price: huge, qty: 1, isBuy: true)], askEntries: [BookEntry(price: huge, qty: 1, isBuy: false)])
        #expect(hugeBook.mid == huge)
        // The mid is rounded toward zero to a whole cent (100 units).
        #expect(Touch(bid: Price(units: .max - 1), bidSize: 1, ask: Price(units: .max), askSize: 1).mid == Price(units: .max / 100 * 100))
        #expect(Touch(bid: Price(units: .min), bidSize: 1, ask: Price(units: .min + 1), askSize: 1).mid == Price(units: .min / 100 * 100))
        #expect(Touch(bid: Price(units: .min), bidSize: 1, ask: Price(units: .max), askSize: 1).mid == Price(units: 0))
    }

    @Test func theMidRoundsAsBeforeWhereTheSumFits() {
        for (bid, ask) in [(Int64(5_000), Int64(5_101)), (-5, 2), (-5, -2), (0, 1), (7, 7)] {
            let touch = Touch(bid: Price(cents: bid), bidSize: 1, ask: Price(cents: ask), askSize: 1)
            #expect(touch.mid == Price(cents: (bid + ask) / 2))
        }
    }

    @Test func theMicroPriceOfHugeSizesAndPricesStaysBetweenBidAndAsk() {
        let top = Touch(bid: Price(units: .max - 1_000), bidSize: Quantity(shares: .max), ask: Price(units: .max), askSize: Quantity(shares: .max))
        #expect(top.microPrice == Price(units: (Int64.max - 500) / 100 * 100))
        let limits = Touch(bid: .maxAccepted - Price(cents: 1), bidSize: 9_000_000_000, ask: .maxAccepted, askSize: .maxAccepted)
        #expect(limits.microPrice == .maxAccepted - Price(cents: 1))
        let negative = Touch(bid: 100, bidSize: Quantity(shares: .min), ask: 200, askSize: Quantity(shares: .max))
        #expect(negative.microPrice == Price(cents: 150))
    }

    @Test func spreadsSizesAndDepthsSaturateInsteadOfTrapping() {
        let entries = { (prices: [(Int64, Int64)], isBuy: Bool) in
            prices.map { BookEntry(price: Price(units: $0.0), qty: Quantity(shares: $0.1), isBuy: isBuy) }
        }
        let wide = BookSnapshot.fixture(
            bidEntries: entries([(.min, .max), (.min, .max)], true), askEntries: entries([(.max, .max), (.max - 1, 1)], false))
        #expect(wide.spread == Price(units: .max))
        #expect(wide.size(atBest: .buy) == Quantity(shares: .max))
        #expect(wide.depth(.sell) == Quantity(shares: .max))
        #expect(wide.touch == Touch(bid: Price(units: .min), bidSize: Quantity(shares: .max), ask: Price(units: .max), askSize: Quantity(shares: .max)))
        let short = BookSnapshot.fixture(bids: [(1, .min), (1, -1)], asks: [])
        #expect(short.depth(.buy) == Quantity(shares: .min))
    }

    @Test func theLimitsAreTheSimulatedExchangesAndTheirProductFits() {
        #expect(Price.maxAccepted == Price(cents: 10_000_000))
        #expect(Price.maxAccepted.units == 1_000_000_000)
        #expect(Quantity.maxAccepted == Quantity(shares: 1_000_000_000))
        #expect(Price.maxAccepted.units.multipliedReportingOverflow(by: Quantity.maxAccepted.shares).overflow == false)
        #expect((Price.maxAccepted * Quantity.maxAccepted).units == 1_000_000_000_000_000_000)
    }
}
