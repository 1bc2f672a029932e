@_spi(Host) import StrategyKit
import Risk
import Testing
import TestSupport
import Trading
import TradingTestSupport

/// An operator's flatten: the scope's orders cancelled, then each position closed with an IOC
/// limit across the touch to the edge of the price collar, sized from the position once the
/// cancels settled, round after round until flat or out of rounds.
@Suite(.timeLimit(.minutes(10)))
struct FlattenTests {
    private static func time(_ milliseconds: Int64) -> Timestamp { EngineHarness.time(milliseconds) }

    private static func places(_ actions: [EngineAction]) -> [(ClientOrderID, OrderRequest)] {
        actions.compactMap { if case .place(let client, let order) = $0 { (client, order.request) } else { nil } }
    }

    private static func cancels(_ actions: [EngineAction]) -> [OrderID] {
        actions.compactMap { if case .cancel(_, _, let id) = $0 { id } else { nil } }
    }

    /// The exchange's report of closing order `id` (placed as `request`), closed with `filled` shares done.
    private static func closed(_ id: OrderID, _ request: OrderRequest, filled: Quantity, at milliseconds: Int64) -> OrderStatus {
        let fills = filled > .zero ? [OrderFill(price: 5_000, qty: filled, ts: time(milliseconds))] : []
        return OrderStatus(
            id: id, venue: "TESTEX", symbol: "FOOBAR", account: "EXB123456", side: request.side, type: request.type,
            price: request.price, originalQty: request.qty, qty: .zero, ts: time(milliseconds), fills: fills, totalFilled: filled,
            open: false)
    }

    /// A harness holding 4 shares (order 7, 6 still resting) and a resting buy of 10 (order 8).
    private static func holdingWithRestingOrders() throws -> EngineHarness {
        let harness = try EngineHarness()
        let first = try harness.placeOneBuy(at: 1)
        _ = try harness.engine.handle(
            .placed(first, EngineHarness.status(id: 7, fills: [OrderFill(price: 5_010, qty: 4, ts: time(1))]), at: time(1)))
        let second = try harness.placeOneBuy(at: 2)
        _ = try harness.engine.handle(.placed(second, EngineHarness.status(id: 8), at: time(2)))
        #expect(harness.engine.portfolio.position(of: "s1", in: "FOOBAR").quantity == 4)
        return harness
    }

    @Test func aFlattenCancelsFirstAndSizesFromThePositionAfterAPartialFillInFlight() throws {
        let harness = try Self.holdingWithRestingOrders()
        let engine = harness.engine
        let start = try engine.flatten(.strategy("s1"), symbol: nil, at: Self.time(3))
        #expect(Set(Self.cancels(start)) == [7, 8])
        #expect(Self.places(start).isEmpty, "nothing is closed while orders of the scope are open")
        #expect(engine.risk.state.status(of: .strategy("s1")).state == .reducing)
        // Order 7's cancel lands; order 8 is still open: still nothing sent.
        #expect(Self.places(try engine.handle(.orderReports([EngineHarness.status(id: 7, fills: [OrderFill(price: 5_010, qty: 4, ts: Self.time(1))], open: false)], at: Self.time(4)))).isEmpty)
        // Order 8's cancel answer brings a fill of 3 made while the cancel was in flight.
        let afterCancel = try engine.handle(
            .orderReports([EngineHarness.status(id: 8, fills: [OrderFill(price: 5_010, qty: 3, ts: Self.time(5))], open: false)], at: Self.time(5)))
        let round1 = Self.places(afterCancel)
        #expect(round1.count == 1)
        guard let (client1, close1) = round1.first else { return }
        #expect(close1.side == .sell && close1.qty == 7 && close1.type == .immediateOrCancel)
        // Mid 50.05, collar 500 bp: 2.5025 away at most, so 47.5475, to the cent towards the mid.
        #expect(close1.price == Price(units: 475_500))
        // The IOC fills 5 of 7: the next round closes the 2 left.
        let round2 = Self.places(try engine.handle(.placed(client1, Self.closed(9, close1, filled: 5, at: 6), at: Self.time(6))))
        #expect(round2.map(\.1.qty) == [2])
        guard let (client2, close2) = round2.first else { return }
        let done = try engine.handle(.placed(client2, Self.closed(10, close2, filled: 2, at: 7), at: Self.time(7)))
        #expect(Self.places(done).isEmpty)
        #expect(engine.portfolio.position(of: "s1", in: "FOOBAR").quantity == .zero)
        #expect(harness.logs.messages.contains("flatten done: flat"))
        #expect(Self.places(try engine.handle(.timer(Self.time(8)))).isEmpty)
    }

    @Test func aFlattenThatFillsNothingStopsAfterItsRoundsSayingWhatIsLeft() throws {
        let harness = try Self.holdingWithRestingOrders()
        let engine = harness.engine
        _ = try engine.flatten(.account, symbol: "FOOBAR", at: Self.time(3))
        var actions = try engine.handle(.orderReports([
            EngineHarness.status(id: 7, fills: [OrderFill(price: 5_010, qty: 4, ts: Self.time(1))], open: false),
            EngineHarness.status(id: 8, open: false),
        ], at: Self.time(4)))
        var rounds = 0
        var id: OrderID = 20
        while let (client, request) = Self.places(actions).first {
            rounds += 1
            #expect(request.qty == 4, "nothing filled, so every round closes the whole position")
            id = OrderID(id.rawValue + 1)
            actions = try engine.handle(.placed(client, Self.closed(id, request, filled: .zero, at: 5), at: Self.time(5)))
        }
        #expect(rounds == 5)
        #expect(harness.logs.messages.contains("flatten stopped before flat"))
        #expect(engine.portfolio.position(of: "s1", in: "FOOBAR").quantity == 4)
    }

    @Test func aStrategyFlattenIsRefusedWhileTheAccountIsHalted() throws {
        let harness = try Self.holdingWithRestingOrders()
        let halt = harness.engine.setTradingState(.halted, for: .account, at: Self.time(3))
        #expect(Set(Self.cancels(halt)) == [7, 8], "a halt cancels the scope's open orders")
        #expect(throws: FlattenRefused.self) { try harness.engine.flatten(.strategy("s1"), symbol: nil, at: Self.time(4)) }
    }

    @Test func aFlattenOfAnotherSymbolLeavesThePositionAndItsOrdersAlone() throws {
        let harness = try Self.holdingWithRestingOrders()
        let actions = try harness.engine.flatten(.account, symbol: "OTHER", at: Self.time(3))
        #expect(Self.cancels(actions).isEmpty && Self.places(actions).isEmpty)
        #expect(harness.logs.messages.contains("flatten done: flat"))
    }
}
