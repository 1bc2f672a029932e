import Risk
import StrategyKit
import Testing

/// Prices near the ends of `Int64`, from a strategy's request or a hostile book's mid: every
/// check answers with a denial instead of trapping on overflow.
@Suite(.timeLimit(.minutes(10))) struct ExtremePriceTests {
    typealias F = Fixture
    /// In cents, as the fixtures take prices: about half of `Int64.max` in units.
    static let huge: Int64 = Int64.max / 200

    static var unboundedNotional: RiskLimits {
        var limits = F.limits
        limits.maxNotionalPerOrder = Money(units: .max)
        return limits
    }

    @Test func aHugeLimitPriceIsDeniedByTheNotionalLimit() {
        var checker = F.checker()
        let denial = checker.decide(F.order(.buy, 10, at: Self.huge)).denial
        #expect(denial?.code == .maxNotional)
        #expect(denial?.actual == .max)
    }

    @Test func aHugeLimitPriceIsDeniedByTheCollarWhenTheNotionalAllowsIt() {
        var checker = F.checker(Self.unboundedNotional)
        let denial = checker.decide(F.order(.sell, 1, at: Self.huge)).denial
        #expect(denial?.code == .priceCollar)
        #expect(denial?.limit == 500)
        #expect((denial?.actual ?? 0) > 500)
    }

    @Test(arguments: [Int64.max / Price.unitsPerCent, huge, 1_000_000_001])
    func aHugeMidDeniesAnOrdinaryPriceByTheCollar(mid: Int64) {
        var checker = F.checker(Self.unboundedNotional)
        let denial = checker.decide(F.order(.buy, 1, at: 5000), book: F.book(bids: [mid], asks: [mid])).denial
        #expect(denial?.code == .priceCollar)
    }

    @Test func aHugeMidValuesAMarketOrderBeyondTheNotionalLimit() {
        var limits = F.limits
        limits.allowMarketOrders = true
        var checker = F.checker(limits)
        let denial = checker.decide(F.order(.buy, 10, at: 0, type: .market), book: F.book(bids: [Self.huge], asks: [Self.huge])).denial
        #expect(denial?.code == .maxNotional)
    }
}
