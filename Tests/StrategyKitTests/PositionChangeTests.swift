import StrategyKit
import Testing

@Suite(.timeLimit(.minutes(10))) struct PositionChangeTests {
    @Test func aChangeSaysWhatTheFillRealizedAndWhatCashItMoved() throws {
        let long = Position.flat.applying(side: .buy, price: 5_000, qty: 10).applying(side: .buy, price: 5_100, qty: 10)
        let sale = try #require(long.checkedApplying(side: .sell, price: 5_200, qty: 5))
        #expect(sale.position == long.applying(side: .sell, price: 5_200, qty: 5))
        #expect(sale.realized == 750)  // 5 × (52.00 − 50.50)
        #expect(sale.cashFlow == 26_000)
        let flip = try #require(sale.position.checkedApplying(side: .sell, price: 4_900, qty: 20))
        #expect(flip.position == Position(quantity: -5, costBasis: -24_500, realizedPnL: -1_500))
        #expect(flip.realized == -2_250)  // 15 × (49.00 − 50.50)
        #expect(flip.cashFlow == 98_000)
        let purchase = try #require(Position.flat.checkedApplying(side: .buy, price: 5_000, qty: 3))
        #expect(purchase.realized == .zero)
        #expect(purchase.cashFlow == -15_000)
    }

    @Test func aFillFromAFillMovesLikeItsSidePriceAndQuantity() throws {
        let fill = Fill(
            venue: "TESTEX", account: "EXB123456", symbol: "FOOBAR", orderID: 7, index: 0, side: .sell, price: 5_010,
            qty: 4, time: .zero, strategyID: "s")
        let change = try #require(Position(quantity: 10, costBasis: 50_000).checkedApplying(fill))
        #expect(change.position == Position(quantity: 6, costBasis: 30_000, realizedPnL: 40))
        #expect(change.cashFlow == fill.cashFlow)
    }

    @Test func numbersThatWouldOverflowAreRefusedInsteadOfTrappedOn() {
        #expect(Position.flat.checkedApplying(side: .buy, price: 5_000, qty: .zero) == nil)
        #expect(Position.flat.checkedApplying(side: .buy, price: Price(units: .max), qty: 2) == nil)
        #expect(Position(quantity: Quantity(shares: .max - 1)).checkedApplying(side: .buy, price: 0, qty: 2) == nil)
        #expect(Position(quantity: Quantity(shares: .min)).checkedApplying(side: .buy, price: 1, qty: 1) == nil)
        #expect(Position(quantity: 2, costBasis: Money(units: .max)).checkedApplying(side: .sell, price: 1, qty: 2) == nil)
        #expect(Position(quantity: 2, realizedPnL: Money(units: .max)).checkedApplying(side: .sell, price: 1, qty: 1) == nil)
    }

    /// Over positions, prices and quantities from small to `Int64`'s edges (consistent or not),
    /// `checkedApplying` answers what the same average-cost rule gives in 128 bits, and answers
    /// nil only where one of those numbers leaves `Int64`.
    @Test func everyAnswerIsTheWideArithmeticAndNilOnlyWhereItDoesNotFit() {
        let big = Int64.max / 3
        let quantities: [Int64] = [.min, -.max, -big, -5, -1, 0, 1, 3, big, .max]
        let costs: [Int64] = [.min, -big, -15_000, 0, 15_000, big, .max]
        let realized: [Int64] = [.min, -40, 0, 40, .max]
        let prices: [Int64] = [0, 1, 5_000, 1_000_000_000, big, .max]
        let sizes: [Int64] = [1, 2, 7, 1_000_000, big, .max]
        var checked = 0
        for held in quantities {
            for cost in costs {
                for pnl in realized {
                    let position = Position(quantity: Quantity(shares: held), costBasis: Money(units: cost), realizedPnL: Money(units: pnl))
                    for side in Side.allCases {
                        for price in prices {
                            for size in sizes {
                                let wide = WideChange(position, side: side, price: price, qty: size)
                                let change = position.checkedApplying(side: side, price: Price(units: price), qty: Quantity(shares: size))
                                #expect(change == wide.narrowed, "\(position) \(side) \(size) at \(price)")
                                checked += 1
                            }
                        }
                    }
                }
            }
        }
        #expect(checked == 10 * 7 * 5 * 2 * 6 * 6)
    }
}

/// The average-cost rule in 128 bits, where nothing it computes from `Int64` inputs overflows:
/// the oracle for `Position.checkedApplying`.
private struct WideChange {
    /// Every number the rule computes on the way, each of which must fit in `Int64`.
    var steps: [Int128] = []
    var quantity: Int128 = 0
    var cost: Int128 = 0
    var realized: Int128 = 0
    var delta: Int128 = 0
    var cash: Int128 = 0

    init(_ position: Position, side: Side, price: Int64, qty: Int64) {
        let held = Int128(position.quantity.shares)
        let signed = Int128(side.sign) * Int128(qty)
        let notional = Int128(price) * Int128(qty)
        cash = -Int128(side.sign) * notional
        realized = Int128(position.realizedPnL.units)
        steps = [-held, notional, Int128(side.sign) * notional, cash, held + signed,
                 Int128(position.costBasis.units) + Int128(side.sign) * notional]
        if held == 0 || (held > 0) == (signed > 0) {
            quantity = held + signed
            cost = Int128(position.costBasis.units) + Int128(side.sign) * notional
            return
        }
        let holdingSign: Int128 = held > 0 ? 1 : -1
        let closing = min(Int128(qty), Int128(held.magnitude))
        let removedTimesHeld = Int128(position.costBasis.units) * closing
        let removed = removedTimesHeld / Int128(held.magnitude)
        let proceeds = holdingSign * Int128(price) * closing
        delta = proceeds - removed
        steps += [removedTimesHeld, Int128(price) * closing, proceeds, realized + proceeds, realized + delta, delta, Int128(position.costBasis.units) - removed]
        realized += delta
        quantity = held - holdingSign * closing
        cost = quantity == 0 ? 0 : Int128(position.costBasis.units) - removed
        let opening = Int128(qty) - closing
        if opening > 0 {
            quantity = Int128(side.sign) * opening
            cost = Int128(side.sign) * Int128(price) * opening
        }
    }

    /// The change in `Int64`s, or nil when a step or a result does not fit.
    var narrowed: PositionChange? {
        let results = [quantity, cost, realized, delta, cash]
        guard (steps + results).allSatisfy({ Int64(exactly: $0) != nil }) else { return nil }
        return PositionChange(
            position: Position(
                quantity: Quantity(shares: Int64(quantity)), costBasis: Money(units: Int64(cost)), realizedPnL: Money(units: Int64(realized))),
            realized: Money(units: Int64(delta)), cashFlow: Money(units: Int64(cash)))
    }
}
