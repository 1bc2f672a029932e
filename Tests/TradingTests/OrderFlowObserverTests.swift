import Risk
import StrategyKit
import Testing
import Trading
import TradingTestSupport

/// The engine tells its `OrderFlowObserver` of each order's life, each denial and each change
/// of trading state, once each, with the fills booked in the step.
@Suite(.timeLimit(.minutes(10))) struct OrderFlowObserverTests {
    /// What the engine told, in order.
    final class Recorder: OrderFlowObserver {
        enum Told: Equatable {
            case order(ClientOrderID, TrackedOrderState, exchangeID: OrderID?, filled: Int64, fills: [Int64], at: Timestamp)
            case denial(RiskCode, limit: Int64?, actual: Int64?, at: Timestamp)
            case state(TradingScope, TradingState, TradingState, RiskCode)
        }

        var told: [Told] = []

        func orderChanged(_ order: TrackedOrder, fills: ArraySlice<Fill>, at time: Timestamp) {
            told.append(.order(
                order.clientID, order.state, exchangeID: order.exchangeID, filled: order.filled.shares, fills: fills.map(\.qty.shares),
                at: time))
        }

        func orderDenied(_ denial: RiskDenial, at time: Timestamp) {
            told.append(.denial(denial.code, limit: denial.limit, actual: denial.actual, at: time))
        }

        func tradingStateChanged(_ change: TradingStateChange) {
            told.append(.state(change.scope, change.from, change.to, change.code))
        }
    }

    static func time(_ milliseconds: Int64) -> Timestamp { EngineHarness.time(milliseconds) }

    /// A harness under `limits` whose engine tells a new recorder.
    static func observed(_ limits: RiskLimits = .defaults) throws -> (EngineHarness, Recorder) {
        let harness = try EngineHarness(limits: limits)
        let recorder = Recorder()
        harness.engine.orderFlow = recorder
        return (harness, recorder)
    }

    @Test func anOrderIsToldWhenSentAcknowledgedPartlyFilledAndFilledWithItsNewFillsOnly() throws {
        let (harness, recorder) = try Self.observed()
        let client = try harness.placeOneBuy(at: 1)
        let first = OrderFill(price: 5_010, qty: 4, ts: Self.time(2))
        let second = OrderFill(price: 5_000, qty: 6, ts: Self.time(3))
        _ = try harness.engine.handle(.placed(client, EngineHarness.status(id: 7, fills: [first]), at: Self.time(2)))
        // The same report again books nothing and tells nothing.
        _ = try harness.engine.handle(.orderReports([EngineHarness.status(id: 7, fills: [first])], at: Self.time(3)))
        _ = try harness.engine.handle(.orderReports([EngineHarness.status(id: 7, fills: [first, second], open: false)], at: Self.time(4)))
        #expect(recorder.told == [
            .order(client, .submitted, exchangeID: nil, filled: 0, fills: [], at: Self.time(1)),
            .order(client, .partlyFilled, exchangeID: 7, filled: 4, fills: [4], at: Self.time(2)),
            .order(client, .filled, exchangeID: 7, filled: 10, fills: [6], at: Self.time(4)),
        ])
    }

    @Test func anAcknowledgementWithoutFillsAndACancelAreToldOnce() throws {
        let (harness, recorder) = try Self.observed()
        let client = try harness.placeOneBuy(at: 1)
        _ = try harness.engine.handle(.placed(client, EngineHarness.status(id: 9), at: Self.time(2)))
        _ = try harness.engine.handle(.orderReports([EngineHarness.status(id: 9, open: false)], at: Self.time(5)))
        #expect(recorder.told == [
            .order(client, .submitted, exchangeID: nil, filled: 0, fills: [], at: Self.time(1)),
            .order(client, .acknowledged, exchangeID: 9, filled: 0, fills: [], at: Self.time(2)),
            .order(client, .cancelled, exchangeID: 9, filled: 0, fills: [], at: Self.time(5)),
        ])
    }

    @Test func aRejectedPlacementIsToldAsFinal() throws {
        let (harness, recorder) = try Self.observed()
        let client = try harness.placeOneBuy(at: 1)
        _ = try harness.engine.handle(.placeRejected(client, reason: "no such symbol", at: Self.time(2)))
        #expect(recorder.told.last == .order(client, .rejected, exchangeID: nil, filled: 0, fills: [], at: Self.time(2)))
        #expect(recorder.told.count == 2)
    }

    @Test func aDenialIsToldWithItsCodeAndNumbers() throws {
        var limits = RiskLimits.defaults
        limits.maxOrderQty = 5
        let (harness, recorder) = try Self.observed(limits)
        harness.strategy.onBookIntents = { _, _ in [.place(EngineHarness.buy)] }
        let actions = try harness.engine.handle(.book(EngineHarness.book(at: 1)))
        #expect(actions.isEmpty)
        #expect(recorder.told == [.denial(.maxOrderQty, limit: 5, actual: 10, at: Self.time(1))])
    }

    @Test func aHaltForLossIsToldAsAStateChange() throws {
        var limits = RiskLimits.defaults
        limits.maxLoss = 1_000
        let (harness, recorder) = try Self.observed(limits)
        let client = try harness.placeOneBuy()
        let fill = OrderFill(price: 5_010, qty: 4, ts: Self.time(2))
        _ = try harness.engine.handle(.placed(client, EngineHarness.status(id: 7, fills: [fill]), at: Self.time(2)))
        _ = try harness.engine.handle(.book(EngineHarness.book(at: 3, bid: 4_500, ask: 4_520)))
        let states = recorder.told.filter { if case .state = $0 { true } else { false } }
        #expect(states.count == 1)
        guard case .state(let scope, let from, let to, let code)? = states.first else {
            Issue.record("expected a state change, got \(recorder.told)")
            return
        }
        #expect(scope == .strategy("s1"))
        #expect(from == .active)
        #expect(to != .active)
        #expect(code == .maxLoss)
    }
}
