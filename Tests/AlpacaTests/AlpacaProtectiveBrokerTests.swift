import Brokerage
import StrategyKit
import Testing
@testable import Alpaca
import AlpacaTestSupport

/// `AlpacaBroker`'s groups and replaces against a scripted Alpaca over loopback: one request
/// each, the legs and the replacing order recognised again by a broker of a new run.
@Suite(.timeLimit(.minutes(10)))
struct AlpacaProtectiveBrokerTests {
    let venue: Venue = "ALPACA"

    func broker(_ alpaca: FakeAlpaca) throws -> AlpacaBroker {
        AlpacaBroker(client: try alpaca.client(), account: "PA1TEST", symbols: ["AAPL"], settings: .init(quoteMaxAge: .seconds(60)))
    }

    @Test func alpacaKeepsEveryTriggerGroupAndReplaceItself() throws {
        let alpaca = try FakeAlpaca()
        defer { alpaca.stop() }
        let capabilities = try broker(alpaca).capabilities
        #expect(capabilities.triggers && capabilities.groups && capabilities.replace)
        #expect(capabilities.timesInForce == [.day, .gtc, .opg, .cls])
    }

    @Test func aBracketIsOneRequestAndItsLegsAreOursAfterARestart() async throws {
        let alpaca = try FakeAlpaca()
        defer { alpaca.stop() }
        let entry = OrderRequest(symbol: "AAPL", side: .buy, price: dollars("100.00"), qty: 10, timeInForce: .gtc)
        let group = OrderGroup.bracket(entry: entry, takeProfit: dollars("110.00"), stopLoss: dollars("95.00"))
        let statuses = try await broker(alpaca).placeGroup(group, venue: venue)
        #expect(alpaca.state.withLock { $0.requests.filter { $0.hasPrefix("POST") } } == ["POST /v2/orders"])
        #expect(alpaca.state.withLock { $0.bodies }.first?.contains(#""order_class":"bracket""#) == true)
        #expect(statuses.count == 3 && Set(statuses.map(\.id)).count == 3)
        #expect(statuses[0].side == .buy && statuses[0].price == dollars("100.00") && statuses[0].trigger == nil)
        #expect(statuses[1].side == .sell && statuses[1].type == .limit && statuses[1].price == dollars("110.00"))
        #expect(statuses[2].side == .sell && statuses[2].type == .market && statuses[2].trigger == .stop(dollars("95.00")))
        #expect(statuses.allSatisfy { $0.open && $0.originalQty == 10 })
        // The legs carry Alpaca's client order ids, yet a broker of a new run lists them as ours.
        let restarted = try broker(alpaca)
        let listed = try await restarted.orders(venue: venue)
        #expect(listed.map(\.id) == statuses.map(\.id))
        // Each leg names its parent: reconciliation gives the legs the entry's owner.
        #expect(listed.map(\.parent) == [nil, statuses[0].id, statuses[0].id])
        let leg = try await restarted.status(venue: venue, symbol: "AAPL", id: statuses[2].id)
        #expect(leg.trigger == .stop(dollars("95.00")))
    }

    @Test func aReplacedStopIsAmendedInPlaceAndNamesTheOrderThatReplacedIt() async throws {
        let alpaca = try FakeAlpaca()
        defer { alpaca.stop() }
        let broker = try broker(alpaca)
        let stop = try await broker.place(.stop(symbol: "AAPL", side: .sell, stopPrice: dollars("95.00"), qty: 10, timeInForce: .gtc), venue: venue)
        #expect(stop.trigger == .stop(dollars("95.00")) && stop.open)
        let new = try await broker.replace(venue: venue, symbol: "AAPL", id: stop.id, price: dollars("96.50"), qty: 8)
        let patch = alpaca.state.withLock { $0.bodies }.first { $0.hasPrefix("PATCH") }
        #expect(patch?.contains(#""qty":"8","stop_price":"96.50""#) == true && patch?.contains(#""client_order_id":"tw-"#) == true)
        #expect(new.id != stop.id && new.trigger == .stop(dollars("96.50")) && new.originalQty == 8 && new.open)
        let old = try await broker.status(venue: venue, symbol: "AAPL", id: stop.id)
        #expect(!old.open && old.replacedBy == new.id)
        // The replacing order took a client order id of ours: a new run reconciles both.
        let listed = try await self.broker(alpaca).orders(venue: venue)
        #expect(Set(listed.map(\.id)) == [stop.id, new.id])
    }

    @Test func aTrailingStopHasNoPriceToReplaceAndIsRefusedUnsent() async throws {
        let alpaca = try FakeAlpaca()
        defer { alpaca.stop() }
        let broker = try broker(alpaca)
        let trailing = try await broker.place(.trailingStop(symbol: "AAPL", side: .sell, trail: .basisPoints(150), qty: 5), venue: venue)
        #expect(trailing.trigger == .trailing(.basisPoints(150)))
        let error = await #expect(throws: BrokerError.self) {
            try await broker.replace(venue: venue, symbol: "AAPL", id: trailing.id, price: dollars("99.00"), qty: nil)
        }
        guard case .rejected? = error else { Issue.record("expected a rejection, got \(String(describing: error))"); return }
        #expect(!alpaca.state.withLock { $0.requests }.contains { $0.hasPrefix("PATCH") })
    }
}
