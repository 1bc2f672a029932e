import SimulatedMarket
import StrategyKit
import Testing

/// The judges on scripted outcomes: fills in, verdicts out.
@Suite(.timeLimit(.minutes(10))) struct LevelJudgeTests {
    private func fill(_ second: Int64, _ side: Side, _ qty: Int64, at price: Int64) -> LevelFill {
        LevelFill(time: Timestamp(nanoseconds: second * 1_000_000_000), side: side, price: Price(cents: price), qty: Quantity(shares: qty))
    }

    @Test func aLevelsDaysAreCountedInBotSteps() {
        #expect(Level.sellSide.stepsPerDay == 100)
        #expect(Level.sellSide.steps == 1_200)
        #expect(Level.chockABlock.steps == 1_600)
    }

    @Test func firstStepsPassesOnceTheHundredSharesAreHeld() {
        let judge = Level.firstSteps.judge
        let fills = [fill(1, .buy, 60, at: 5_000), fill(2, .buy, 40, at: 5_010)]
        #expect(judge.verdict(fills: Array(fills.prefix(1)), target: nil, mark: 5_000, finished: false).outcome == .running)
        let verdict = judge.verdict(fills: fills, target: nil, mark: 5_000, finished: false)
        #expect(verdict.outcome == .passed)
        #expect(verdict.averageBuyPriceCents == 5_004)
    }

    @Test func firstStepsFailsWhenTimeRunsOutShortOfTheShares() {
        let verdict = Level.firstSteps.judge.verdict(fills: [fill(1, .buy, 99, at: 5_000)], target: nil, mark: nil, finished: true)
        #expect(verdict.outcome == .failed)
        #expect(verdict.positionShares == 99)
    }

    @Test func chockABlockRevealsItsTargetAfterTheFirstFillAtTheFairValuePlusTheAllowance() {
        let judge = Level.chockABlock.judge
        #expect(!judge.targetDue(judge.tally([]), revealed: nil))
        let afterFirst = judge.tally([fill(1, .buy, 10, at: 5_003)])
        #expect(judge.targetDue(afterFirst, revealed: nil))
        #expect(!judge.targetDue(afterFirst, revealed: 5_010))
        #expect(judge.target(atFairValue: 5_000) == Price(cents: 5_010))
        #expect(Level.firstSteps.judge.target(atFairValue: 5_000) == nil)
    }

    @Test func chockABlockPassesWhenTheBlockIsCompleteAtAnAverageBelowTheTarget() {
        let fills = [fill(1, .buy, 50_000, at: 5_005), fill(2, .buy, 50_000, at: 5_014)]
        let verdict = Level.chockABlock.judge.verdict(fills: fills, target: 5_010, mark: 5_010, finished: false)
        #expect(verdict.outcome == .passed)
        #expect(verdict.averageBuyPriceCents == 5_009)
    }

    @Test func chockABlockFailsWhenTheAverageIsNotBelowTheTarget() {
        let fills = [fill(1, .buy, 50_000, at: 5_005), fill(2, .buy, 50_000, at: 5_015)]
        let verdict = Level.chockABlock.judge.verdict(fills: fills, target: 5_010, mark: 5_010, finished: false)
        #expect(verdict.outcome == .failed)
        #expect(verdict.averageBuyPriceCents == 5_010)
    }

    @Test func chockABlockKeepsPlayingUntilTheBlockIsCompleteThenFailsAtTimeUp() {
        let fills = [fill(1, .buy, 99_999, at: 4_000)]
        #expect(Level.chockABlock.judge.verdict(fills: fills, target: 5_010, mark: nil, finished: false).outcome == .running)
        #expect(Level.chockABlock.judge.verdict(fills: fills, target: 5_010, mark: nil, finished: true).outcome == .failed)
    }

    @Test func sellSidePassesAtTheProfitGoalMarkedToTheLastPrice() {
        // Bought 1,000 at $50, sold 1,000 at $55: $5,000 realised; 1,000 more held, bought at
        // $50 and marked at $55: $5,000 unrealised.
        let fills = [fill(1, .buy, 1_000, at: 5_000), fill(2, .sell, 1_000, at: 5_500), fill(3, .buy, 1_000, at: 5_000)]
        let judge = Level.sellSide.judge
        #expect(judge.verdict(fills: fills, target: nil, mark: 5_499, finished: false).outcome == .running)
        let verdict = judge.verdict(fills: fills, target: nil, mark: 5_500, finished: false)
        #expect(verdict.outcome == .passed)
        #expect(verdict.profitCents == 1_000_000)
    }

    @Test func sellSideFailsOnAPositionBeyondTheLimitForOneFillEvenWhenFlatAfterwards() {
        let fills = [
            fill(1, .buy, 1_000, at: 5_000), fill(2, .buy, 1, at: 5_000), fill(3, .sell, 1_001, at: 7_000),
        ]
        let verdict = Level.sellSide.judge.verdict(fills: fills, target: nil, mark: 7_000, finished: false)
        #expect(verdict.outcome == .failed)
        #expect(verdict.positionShares == 0)
        #expect(verdict.largestPositionShares == 1_001)
        #expect(verdict.profitCents > 1_000_000)
    }

    @Test func sellSideHoldsAShortAtTheLimitAndFailsOnlyWhenTimeIsUp() {
        let fills = [fill(1, .sell, 1_000, at: 5_000)]
        #expect(Level.sellSide.judge.verdict(fills: fills, target: nil, mark: 5_000, finished: false).outcome == .running)
        #expect(Level.sellSide.judge.verdict(fills: fills, target: nil, mark: 5_000, finished: true).outcome == .failed)
    }

    @Test func duelingBulldozersAsksForTwiceSellSidesProfitWithinTheSameLimit() {
        // 1,000 bought at $50 and sold at $60, twice: $20,000.
        let fills = [
            fill(1, .buy, 1_000, at: 5_000), fill(2, .sell, 1_000, at: 6_000), fill(3, .buy, 1_000, at: 5_000),
            fill(4, .sell, 1_000, at: 5_999),
        ]
        let judge = Level.duelingBulldozers.judge
        #expect(judge.verdict(fills: fills, target: nil, mark: 5_000, finished: false).outcome == .running)
        #expect(judge.verdict(fills: fills, target: nil, mark: 5_000, finished: true).outcome == .failed)
        let won = judge.verdict(fills: fills.dropLast() + [fill(4, .sell, 1_000, at: 6_000)], target: nil, mark: 5_000, finished: false)
        #expect(won.outcome == .passed)
        #expect(won.profitCents == 2_000_000)
        let swept = judge.verdict(fills: [fill(1, .sell, 1_001, at: 9_000)], target: nil, mark: 5_000, finished: false)
        #expect(swept.outcome == .failed)
        #expect(swept.reason.contains("beyond ±1000"))
    }

    @Test func irrationalExuberancePassesOnlyOnRealisedProfitWithThePositionClosed() {
        let judge = Level.irrationalExuberance.judge
        // Bought 1,000 at $50, sold 600 at $53: marked at $53 that is $3,000 of profit, but 400
        // shares are still held, so nothing is won yet.
        let open = [fill(1, .buy, 1_000, at: 5_000), fill(2, .sell, 600, at: 5_300)]
        #expect(judge.verdict(fills: open, target: nil, mark: 5_300, finished: false).outcome == .running)
        let held = judge.verdict(fills: open, target: nil, mark: 5_300, finished: true)
        #expect(held.outcome == .failed)
        #expect(held.reason.contains("holding 400 shares"))
        // The last 400 sold at $49.25: $1,500 realised, the position closed.
        let closed = judge.verdict(fills: open + [fill(3, .sell, 400, at: 4_925)], target: nil, mark: 4_925, finished: false)
        #expect(closed.outcome == .passed)
        #expect(closed.cashCents == 150_000)
        // At $49.24 the position is closed with $1,496 realised: short of the goal.
        let short = open + [fill(3, .sell, 400, at: 4_924)]
        #expect(judge.verdict(fills: short, target: nil, mark: 4_924, finished: false).outcome == .running)
        #expect(judge.verdict(fills: short, target: nil, mark: 4_924, finished: true).outcome == .failed)
    }

    @Test func irrationalExuberanceFailsAtAFillBeyondItsLimitWhateverTheProfit() {
        let fills = [fill(1, .buy, 1_001, at: 5_000), fill(2, .sell, 1_001, at: 9_000)]
        let verdict = Level.irrationalExuberance.judge.verdict(fills: fills, target: nil, mark: 9_000, finished: false)
        #expect(verdict.outcome == .failed)
        #expect(verdict.largestPositionShares == 1_001)
    }

    @Test func theLevelsAreInPlayingOrderUnderTheGamesNamesEachWithInstructionsOfItsOwn() {
        #expect(Level.all.map(\.gameName) == [
            "first_steps", "chock_a_block", "sell_side", "dueling_bulldozers", "irrational_exuberance", "making_amends",
        ])
        #expect(Set(Level.all.map(\.instructions)).count == Level.all.count)
        #expect(Level.all.allSatisfy { !$0.instructions.isEmpty })
    }

    @Test func fillsAreJudgedInTheExchangesOrderAcrossOrders() {
        func order(_ id: Int64, _ side: Side, _ fills: [OrderFill]) -> OrderStatus {
            let qty = Quantity(shares: fills.reduce(0) { $0 + $1.qty.shares })
            return OrderStatus(
                id: OrderID(id), venue: "TESTEX", symbol: "FOOBAR", account: "EXB123456", side: side, type: .limit, price: 5_000,
                originalQty: qty, qty: .zero, ts: Timestamp(nanoseconds: 0), fills: fills, totalFilled: qty, open: false)
        }
        let buy = order(1, .buy, [OrderFill(price: 5_000, qty: 600, ts: Timestamp(nanoseconds: 1)), OrderFill(price: 5_000, qty: 600, ts: Timestamp(nanoseconds: 3))])
        let sell = order(2, .sell, [OrderFill(price: 5_000, qty: 600, ts: Timestamp(nanoseconds: 2))])
        let other = OrderStatus(
            id: 3, venue: "TESTEX", symbol: "OTHER", account: "EXB123456", side: .buy, type: .limit, price: 1, originalQty: 5_000,
            qty: .zero, ts: Timestamp(nanoseconds: 0), fills: [OrderFill(price: 1, qty: 5_000, ts: Timestamp(nanoseconds: 2))],
            totalFilled: 5_000, open: false)
        let fills = LevelFill.fills(of: [buy, sell, other], symbol: "FOOBAR")
        #expect(fills.map(\.side) == [.buy, .sell, .buy])
        // Buy 600, sell 600, buy 600: never beyond ±1,000, although the buys add up to 1,200.
        #expect(Level.sellSide.judge.tally(fills).largestPosition == Quantity(shares: 600))
    }

    @Test func makingAmendsPassesOnNamingTheInsiderAndFailsOnAnyoneElseWithoutTellingWho() {
        let judge = Level.makingAmends.judge
        let right = judge.verdict(accusing: "QZX123456", insider: "QZX123456")
        #expect(right.outcome == .passed && right.level == "making-amends")
        let wrong = judge.verdict(accusing: "ABC000042", insider: "QZX123456")
        #expect(wrong.outcome == .failed)
        #expect(wrong.reason.contains("ABC000042") && !wrong.reason.contains("QZX123456"))
    }

    @Test func makingAmendsRunsUntilJudgedAndIsLostWhenTimeRunsOutFirst() {
        let judge = Level.makingAmends.judge
        let fills = [fill(1, .buy, 10, at: 5_000)]
        #expect(judge.verdict(fills: fills, target: nil, mark: 6_000, finished: false).outcome == .running)
        #expect(judge.verdict(fills: fills, target: nil, mark: 6_000, finished: true).outcome == .failed)
        #expect(Level.named("making-amends")?.rules == .nameTheInsider)
        #expect(Level.all.last?.name == "making-amends")
    }
}
