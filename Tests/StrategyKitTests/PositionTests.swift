import StrategyKit
import Testing

@Suite(.timeLimit(.minutes(10))) struct PositionTests {
    @Test func buyingAddsQuantityAndCost() {
        let position = Position.flat.applying(side: .buy, price: 5_000, qty: 10).applying(side: .buy, price: 5_100, qty: 10)
        #expect(position.quantity == 20)
        #expect(position.costBasis == 101_000)
        #expect(position.averageCost == 5_050)
        #expect(position.realizedPnL == .zero)
    }

    @Test func sellingPartRealizesAgainstAverageCost() {
        let position = Position.flat.applying(side: .buy, price: 5_000, qty: 10).applying(side: .buy, price: 5_100, qty: 10)
            .applying(side: .sell, price: 5_200, qty: 5)
        #expect(position.quantity == 15)
        #expect(position.realizedPnL == 750)  // 5 × (52.00 − 50.50)
        #expect(position.costBasis == 75_750)
        #expect(position.unrealizedPnL(markedAt: 5_000) == -750)
    }

    @Test func flippingFromLongToShortOpensAtTheFillPrice() {
        let position = Position.flat.applying(side: .buy, price: 5_000, qty: 10).applying(side: .sell, price: 4_900, qty: 15)
        #expect(position.quantity == -5)
        #expect(position.realizedPnL == -1_000)
        #expect(position.costBasis == -24_500)
        #expect(position.averageCost == 4_900)
    }

    @Test func shortCoveredLowerIsAProfit() {
        let position = Position.flat.applying(side: .sell, price: 5_000, qty: 3).applying(side: .buy, price: 4_950, qty: 3)
        #expect(position.quantity == .zero)
        #expect(position.realizedPnL == 150)
        #expect(position.costBasis == .zero)
        #expect(position.averageCost == nil)
    }

    @Test func roundingNeverAccumulatesAcrossRoundTrips() {
        var position = Position.flat
        for _ in 0..<1_000 {
            position = position.applying(side: .buy, price: 1_001, qty: 3).applying(side: .sell, price: 1_001, qty: 1)
                .applying(side: .sell, price: 1_001, qty: 2)
        }
        #expect(position == Position(quantity: .zero, costBasis: .zero, realizedPnL: .zero))
    }

    @Test func aContextFindsThePositionOfASymbolAmongFewOrManyAndFlatForOneNeverTraded() throws {
        for count in [0, 1, 4, 5, 40] {
            var positions: [Symbol: Position] = [:]
            for number in 0..<count {
                positions[Symbol("S\(number)")] = Position(quantity: Quantity(shares: Int64(number + 1)))
            }
            let context = StrategyContext(strategyID: "s", now: .zero, parameters: try StrategyParameters(schema: []), positions: positions)
            for number in 0..<count {
                #expect(context.position(Symbol("S\(number)")).quantity == Quantity(shares: Int64(number + 1)))
            }
            #expect(context.position("NEVER") == .flat)
        }
    }
}
