import FirstSteps
import StrategyKit
import Testing
import TestSupport

@Suite(.timeLimit(.minutes(10))) struct FirstStepsTests {
    func make(_ values: [String: ParameterValue] = [:]) throws -> (FirstSteps, StrategyParameters) {
        let parameters = try StrategyParameters(schema: FirstSteps.parameters, values: values)
        return (try FirstSteps(parameters: parameters), parameters)
    }

    func book(asks: [(Int64, Int64)]) -> BookSnapshot {
        BookSnapshot.fixture(bids: [(4_900, 50)], asks: asks)
    }

    @Test func bidsTheBestAskForWhatIsShownThere() throws {
        let (strategy, parameters) = try make()
        let context = StrategyContext(strategyID: "fs", now: .zero, parameters: parameters)
        let intents = strategy.onBook(book(asks: [(5_000, 30), (5_050, 500)]), context: context)
        #expect(intents == [.place(OrderRequest(symbol: "FOOBAR", side: .buy, type: .limit, price: 5_000, qty: 30, tag: "first-steps"))])
    }

    @Test func buysOnlyWhatIsStillMissing() throws {
        let (strategy, parameters) = try make(["quantity": .integer(100), "limitOffsetCents": .integer(5)])
        let held = Position.flat.applying(side: .buy, price: 5_000, qty: 90)
        let context = StrategyContext(strategyID: "fs", now: .zero, parameters: parameters, positions: ["FOOBAR": held])
        let intents = strategy.onBook(book(asks: [(5_000, 300)]), context: context)
        #expect(intents == [.place(OrderRequest(symbol: "FOOBAR", side: .buy, type: .limit, price: 5_005, qty: 10, tag: "first-steps"))])
    }

    @Test func waitsWhileAnOrderIsWorkingAndStopsAtTheTarget() throws {
        let (strategy, parameters) = try make()
        let working = OpenOrder(id: 7, request: OrderRequest(symbol: "FOOBAR", side: .buy, price: 5_000, qty: 100))
        let busy = StrategyContext(strategyID: "fs", now: .zero, parameters: parameters, openOrders: [working])
        #expect(strategy.onBook(book(asks: [(5_000, 300)]), context: busy).isEmpty)
        let done = StrategyContext(
            strategyID: "fs", now: .zero, parameters: parameters,
            positions: ["FOOBAR": Position.flat.applying(side: .buy, price: 5_000, qty: 100)])
        #expect(strategy.onBook(book(asks: [(5_000, 300)]), context: done).isEmpty)
    }

    @Test func doesNothingOnAnEmptyAskSide() throws {
        let (strategy, parameters) = try make()
        let context = StrategyContext(strategyID: "fs", now: .zero, parameters: parameters)
        #expect(strategy.onBook(book(asks: []), context: context).isEmpty)
    }
}
