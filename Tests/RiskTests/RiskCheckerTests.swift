import Risk
import StrategyKit
import Testing

@Suite(.timeLimit(.minutes(10))) struct RiskCheckerTests {
    typealias F = Fixture

    @Test func approvesAnOrderWithinEveryLimitAndSaysWhoWhereAndWhen() {
        var checker = F.checker()
        let approved = checker.decide(F.order(.buy, 10, at: 5000)).approval
        #expect(approved?.strategyID == F.a)
        #expect(approved?.venue == "TESTEX")
        #expect(approved?.request == F.order(.buy, 10, at: 5000))
        #expect(approved?.approvedAt == F.now)
    }

    @Test func deniesAZeroQuantity() {
        var checker = F.checker()
        let denial = checker.decide(F.order(.buy, 0)).denial
        #expect(denial?.code == .nonPositiveQty)
        #expect(denial?.code.rawValue == "RISK_NON_POSITIVE_QTY")
        #expect(denial?.limit == 1)
        #expect(denial?.actual == 0)
    }

    @Test func deniesAQuantityAboveMaxOrderQty() {
        var checker = F.checker()
        #expect(checker.decide(F.order(.buy, 100)).approval != nil)
        let denial = checker.decide(F.order(.buy, 101)).denial
        #expect(denial?.code == .maxOrderQty)
        #expect(denial?.limit == 100)
        #expect(denial?.actual == 101)
        #expect(denial?.message.contains("101") == true)
        #expect(denial?.description.hasPrefix("RISK_MAX_ORDER_QTY a: ") == true)
    }

    @Test func deniesAPricedOrderWithoutAPositivePrice() {
        var checker = F.checker()
        let denial = checker.decide(F.order(.buy, 10, at: 0, type: .immediateOrCancel)).denial
        #expect(denial?.code == .nonPositivePrice)
        #expect(denial?.actual == 0)
    }

    @Test func deniesMarketOrdersUnlessAllowed() {
        var checker = F.checker()
        let market = F.order(.buy, 10, at: 0, type: .market)
        #expect(checker.decide(market).denial?.code == .marketOrdersDisabled)
        var allowing = F.limits
        allowing.allowMarketOrders = true
        var permissive = F.checker(allowing)
        #expect(permissive.decide(market).approval != nil)
    }

    @Test func valuesAMarketOrderAtTheMidForTheNotionalLimit() {
        var limits = F.limits
        limits.allowMarketOrders = true
        limits.maxNotionalPerOrder = 49_999
        var checker = F.checker(limits)
        let denial = checker.decide(F.order(.buy, 10, at: 0, type: .market)).denial
        #expect(denial?.code == .maxNotional)
        #expect(denial?.limit == 4_999_900)
        #expect(denial?.actual == 5_000_000)
    }

    @Test func deniesNewOrdersOnABookOlderThanStaleBookMs() {
        var checker = F.checker()
        #expect(checker.decide(F.order(), now: F.t0.advanced(byMilliseconds: 500)).approval != nil)
        let denial = checker.decide(F.order(), now: F.t0.advanced(byMilliseconds: 501)).denial
        #expect(denial?.code == .staleBook)
        #expect(denial?.limit == 500)
        #expect(denial?.actual == 501)
    }

    @Test func deniesOrdersWhenNoBookHasArrived() {
        var checker = F.checker()
        let denial = checker.decide(F.order(), book: nil).denial
        #expect(denial?.code == .staleBook)
        #expect(denial?.actual == nil)
    }

    @Test func deniesWhenPositionPlusSameSideOpenOrdersPlusOrderExceedsMaxPosition() {
        var checker = F.checker()
        let exposure = RiskExposure(
            positions: [F.a: [F.symbol: F.position(150)]],
            openOrders: [F.a: [F.open(.buy, 40, at: 4900), F.open(.sell, 90, at: 5200)]])
        #expect(checker.decide(F.order(.buy, 10), exposure: exposure).approval != nil)
        let denial = checker.decide(F.order(.buy, 20), exposure: exposure).denial
        #expect(denial?.code == .maxPosition)
        #expect(denial?.limit == 200)
        #expect(denial?.actual == 210)
    }

    @Test func countsShortPositionsAgainstMaxPosition() {
        var checker = F.checker()
        let exposure = RiskExposure(positions: [F.a: [F.symbol: F.position(-195)]])
        let denial = checker.decide(F.order(.sell, 10), exposure: exposure).denial
        #expect(denial?.code == .maxPosition)
        #expect(denial?.actual == 205)
    }

    @Test func letsAnOrderReduceAPositionThatIsAlreadyOverTheLimit() {
        var checker = F.checker()
        let exposure = RiskExposure(positions: [F.a: [F.symbol: F.position(250)]])
        #expect(checker.decide(F.order(.sell, 10), exposure: exposure).approval != nil)
    }

    @Test func deniesWhenTheAccountPositionInTheSymbolAcrossStrategiesExceedsMaxSymbolPosition() {
        var checker = F.checker()
        let exposure = RiskExposure(
            positions: [F.a: [F.symbol: F.position(100)], F.b: [F.symbol: F.position(150)]],
            openOrders: [F.b: [F.open(.buy, 40, at: 4900)]])
        #expect(checker.decide(F.order(.buy, 10), exposure: exposure).approval != nil)
        let denial = checker.decide(F.order(.buy, 20), exposure: exposure).denial
        #expect(denial?.code == .maxSymbolPosition)
        #expect(denial?.limit == 300)
        #expect(denial?.actual == 310)
    }

    @Test func deniesAnOrderWhoseNotionalExceedsMaxNotionalPerOrder() {
        var limits = F.limits
        limits.maxNotionalPerOrder = 400_000
        var checker = F.checker(limits)
        #expect(checker.decide(F.order(.buy, 80, at: 5000)).approval != nil)
        let denial = checker.decide(F.order(.buy, 81, at: 5000)).denial
        #expect(denial?.code == .maxNotional)
        #expect(denial?.limit == 40_000_000)
        #expect(denial?.actual == 40_500_000)
    }

    @Test func deniesAnOrderBeyondMaxOpenOrdersCountingEverySymbol() {
        var checker = F.checker()
        var elsewhere = F.open(.buy, 1, at: 100)
        elsewhere.request.symbol = "OTHER"
        let two = RiskExposure(openOrders: [F.a: [F.open(.buy, 1, at: 4900), elsewhere], F.b: [F.open(.buy, 1, at: 4900)]])
        #expect(checker.decide(F.order(), exposure: two).approval != nil)
        let three = RiskExposure(openOrders: [F.a: [F.open(.buy, 1, at: 4900), elsewhere, F.open(.buy, 1, at: 4800)]])
        let denial = checker.decide(F.order(), exposure: three).denial
        #expect(denial?.code == .maxOpenOrders)
        #expect(denial?.limit == 3)
        #expect(denial?.actual == 4)
    }

    @Test func deniesALimitPriceOutsideTheCollarAroundTheMid() {
        var checker = F.checker()
        #expect(checker.decide(F.order(.buy, 10, at: 5250)).approval != nil)
        #expect(checker.decide(F.order(.sell, 10, at: 4750), now: F.now.advanced(byMilliseconds: 1)).approval != nil)
        let denial = checker.decide(F.order(.buy, 10, at: 5251), now: F.now.advanced(byMilliseconds: 2)).denial
        #expect(denial?.code == .priceCollar)
        #expect(denial?.limit == 500)
        #expect(denial?.actual == 502)
    }

    @Test func measuresTheCollarFromTheLastTradeWhenASideIsEmpty() {
        var checker = F.checker()
        let oneSided = F.book(bids: [4990], asks: [])
        #expect(checker.decide(F.order(.buy, 10, at: 6300), book: oneSided, lastTrade: 6000).approval != nil)
        let denial = checker.decide(F.order(.buy, 10, at: 6301), book: oneSided, lastTrade: 6000).denial
        #expect(denial?.code == .priceCollar)
        #expect(denial?.actual == 502)
    }

    @Test func deniesAPricedOrderWhenThereIsNoMidAndNoLastTrade() {
        var checker = F.checker()
        let denial = checker.decide(F.order(), book: F.book(bids: [], asks: [5010])).denial
        #expect(denial?.code == .noReferencePrice)
    }

    @Test func deniesOrdersBeyondMaxOrdersPerSecondInASlidingWindow() {
        var limits = F.limits
        limits.staleBookMs = 10_000
        var checker = F.checker(limits)
        #expect(checker.decide(F.order(), now: F.t0).approval != nil)
        #expect(checker.decide(F.order(), now: F.t0.advanced(byMilliseconds: 400)).approval != nil)
        let denial = checker.decide(F.order(), now: F.t0.advanced(byMilliseconds: 999)).denial
        #expect(denial?.code == .orderRate)
        #expect(denial?.limit == 2)
        #expect(denial?.actual == 3)
        #expect(checker.decide(F.order(), now: F.t0.advanced(byMilliseconds: 1000)).approval != nil)
        #expect(checker.decide(F.order(), now: F.t0.advanced(byMilliseconds: 1001)).denial?.code == .orderRate)
    }

    @Test func countsOnlyApprovedOrdersTowardsTheRate() {
        var checker = F.checker()
        for _ in 0..<5 { #expect(checker.decide(F.order(.buy, 0)).denial?.code == .nonPositiveQty) }
        #expect(checker.decide(F.order()).approval != nil)
        #expect(checker.decide(F.order()).approval != nil)
    }

    @Test func countsTheRatePerStrategy() {
        var checker = F.checker()
        #expect(checker.decide(F.order(), from: F.a).approval != nil)
        #expect(checker.decide(F.order(), from: F.a).approval != nil)
        #expect(checker.decide(F.order(), from: F.b).approval != nil)
        #expect(checker.decide(F.order(), from: F.a).denial?.code == .orderRate)
    }

    @Test func deniesABuyThatWouldCrossAnyStrategysRestingSell() {
        var checker = F.checker()
        let exposure = RiskExposure(openOrders: [F.b: [F.open(.sell, 5, at: 5005, id: 77)]])
        #expect(checker.decide(F.order(.buy, 10, at: 5004), exposure: exposure).approval != nil)
        let denial = checker.decide(F.order(.buy, 10, at: 5005), exposure: exposure).denial
        #expect(denial?.code == .selfTrade)
        #expect(denial?.limit == 500_500)
        #expect(denial?.actual == 500_500)
        #expect(denial?.message.contains("order 77") == true)
    }

    @Test func deniesASellThatWouldCrossTheStrategysOwnRestingBuy() {
        var checker = F.checker()
        let exposure = RiskExposure(openOrders: [F.a: [F.open(.buy, 5, at: 4995)]])
        let denial = checker.decide(F.order(.sell, 10, at: 4990), exposure: exposure).denial
        #expect(denial?.code == .selfTrade)
        #expect(denial?.limit == 499_500)
        #expect(denial?.actual == 499_000)
    }

    @Test func namesTheCrossedOrderOfTheLowestStrategyOldestFirstWhateverTheListOrder() {
        var checker = F.checker()
        let orders = [
            ExposedOrder(strategyID: F.b, sequence: 1, order: F.open(.sell, 5, at: 5000, id: 71)),
            ExposedOrder(strategyID: F.a, sequence: 9, order: F.open(.sell, 5, at: 5001, id: 72)),
            ExposedOrder(strategyID: F.a, sequence: 4, order: F.open(.sell, 5, at: 5002, id: 73)),
            ExposedOrder(strategyID: F.a, sequence: 2, order: F.open(.sell, 5, at: 5009, id: 74)),
        ]
        for listed in [orders, orders.reversed()] {
            let exposure = RiskExposure(positions: [:], orders: listed)
            let denial = checker.decide(F.order(.buy, 1, at: 5005), from: F.b, exposure: exposure).denial
            #expect(denial?.code == .selfTrade)
            #expect(denial?.limit == 500_200)
            #expect(denial?.message.contains("a's resting sell order 73") == true)
        }
    }

    @Test func countsAndSumsTheFlatListByStrategy() {
        var elsewhere = F.open(.buy, 7, at: 100)
        elsewhere.request.symbol = "OTHER"
        let exposure = RiskExposure(openOrders: [
            F.a: [F.open(.buy, 3, at: 4900), elsewhere, F.open(.sell, 4, at: 5100)], F.b: [F.open(.buy, 5, at: 4900)],
        ])
        #expect(exposure.openOrderCount(of: F.a) == 3)
        #expect(exposure.openOrderCount(of: F.b) == 1)
        #expect(exposure.openOrderCount(of: "stranger") == 0)
        #expect(exposure.openQuantity(of: F.a, in: F.symbol, side: .buy) == 3)
        #expect(exposure.accountOpenQuantity(in: F.symbol, side: .buy) == 8)
        #expect(exposure.accountOpenQuantity(in: F.symbol, side: .sell) == 4)
    }

    @Test func deniesAStrategyWithoutLimits() {
        var checker = F.checker()
        let denial = checker.decide(F.order(), from: "stranger").denial
        #expect(denial?.code == .unknownStrategy)
        #expect(denial?.strategyID == "stranger")
    }

    @Test func reportsTheFirstFailingCheckInTheDocumentedOrder() {
        var checker = F.checker()
        let denial = checker.decide(F.order(.buy, 500, at: 9000), book: nil).denial
        #expect(denial?.code == .maxOrderQty)
    }
}
