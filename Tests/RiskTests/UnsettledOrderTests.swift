import Risk
import StrategyKit
import Testing

/// An order whose placement has an unknown outcome holds back its strategy's next order in the
/// same symbol, before any other check, until the account's orders settle it.
@Suite(.timeLimit(.minutes(10))) struct UnsettledOrderTests {
    typealias F = Fixture

    func exposure(_ orders: ExposedOrder...) -> RiskExposure {
        RiskExposure(positions: [:], orders: orders)
    }

    @Test func anUnsettledOrderDeniesTheStrategysNextOrderInItsSymbolNamingTheOldest() {
        var checker = F.checker()
        let orders = exposure(
            ExposedOrder(strategyID: F.a, sequence: 9, order: F.open(.buy, 5), unsettledName: "c9"),
            ExposedOrder(strategyID: F.a, sequence: 4, order: F.open(.sell, 5, at: 5100), unsettledName: "c4"),
            ExposedOrder(strategyID: F.a, sequence: 2, order: F.open(.buy, 5)))
        let denial = checker.decide(F.order(.buy, 10), exposure: orders).denial
        #expect(denial?.code == .unsettledOrder)
        #expect(denial?.code.rawValue == "RISK_UNSETTLED_ORDER")
        #expect(denial?.limit == nil && denial?.actual == nil)
        #expect(denial?.message == "order c4 in FOOBAR has an unknown outcome; waiting for the account's orders to settle it")
    }

    @Test func itComesBeforeEveryOtherCheckEvenAStrategyWithoutLimits() {
        var checker = RiskChecker(limits: [:], accountLimits: F.account, state: RiskState())
        let orders = exposure(ExposedOrder(strategyID: F.a, sequence: 1, order: F.open(.buy, 5), unsettledName: "c1"))
        #expect(checker.decide(F.order(.buy, 0), exposure: orders).denial?.code == .unsettledOrder)
        #expect(checker.decide(F.order(.buy, 0)).denial?.code == .unknownStrategy)
    }

    @Test func anotherSymbolsOrAnotherStrategysOrASettledOrderDeniesNothing() {
        var checker = F.checker()
        var elsewhere = F.open(.buy, 5)
        elsewhere.request.symbol = "OTHER"
        let orders = exposure(
            ExposedOrder(strategyID: F.a, sequence: 1, order: elsewhere, unsettledName: "c1"),
            ExposedOrder(strategyID: F.b, sequence: 2, order: F.open(.buy, 5), unsettledName: "c2"),
            ExposedOrder(strategyID: F.a, sequence: 3, order: F.open(.buy, 5)))
        #expect(checker.decide(F.order(.buy, 10), exposure: orders).approval != nil)
    }
}
