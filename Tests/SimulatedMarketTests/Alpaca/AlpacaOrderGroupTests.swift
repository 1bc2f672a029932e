import Foundation
import SimulatedMarket
import StrategyKit
import Testing

/// Brackets, OCOs and OTOs over loopback: legs held until their entry fills, then live; the
/// fill of one exit cancels the other; cancelling the parent cancels its legs; legs listed
/// flat, or nested under their parent with `nested=true`.
@Suite(.timeLimit(.minutes(10))) struct AlpacaOrderGroupTests {
    private let bracket = #""qty":10,"side":"buy","type":"limit","limit_price":"10.00","time_in_force":"gtc","order_class":"bracket","take_profit":{"limit_price":"11.00"},"stop_loss":{"stop_price":"9.00"}"#

    @Test func aBracketsLegsAreHeldUntilTheEntryFillsThenTheTakeProfitCancelsTheStopLoss() throws {
        let market = try AlpacaHarness()
        let placed = try market.post(bracket)
        #expect(placed.status == 200, "\(placed.text)")
        #expect(placed["order_class"]?.string == "bracket" && placed["status"]?.string == "new")
        let legs = try #require(placed["legs"]?.array)
        #expect(legs.count == 2)
        #expect(legs[0]["type"]?.string == "limit" && legs[0]["limit_price"]?.string == "11.00" && legs[0]["side"]?.string == "sell")
        #expect(legs[1]["type"]?.string == "stop" && legs[1]["stop_price"]?.string == "9.00" && legs[1]["side"]?.string == "sell")
        #expect(legs.allSatisfy { $0["status"]?.string == "held" && $0["order_class"]?.string == "bracket" && $0["qty"]?.string == "10" })
        #expect(try market.get("/v2/orders?status=all").json?.array?.count == 3, "legs are listed flat without nested")
        let nested = try #require(try market.get("/v2/orders?status=all&nested=true").json?.array)
        #expect(nested.count == 1 && nested[0]["legs"]?.array?.count == 2)
        #expect(try market.get("/v2/positions").json?.array?.isEmpty == true)

        try market.rest("sell", 10, at: 1000)
        let entered = try market.order(placed["id"]?.string)
        #expect(entered["status"]?.string == "filled")
        let live = try #require(entered["legs"]?.array)
        #expect(live[0]["status"]?.string == "new", "the take-profit goes to the book")
        #expect(live[1]["status"]?.string == "held", "the stop-loss waits for its trigger, as Alpaca holds it")
        #expect(try market.get("/v2/positions").json?[0]?["qty_available"]?.string == "0", "the exits offer the shares once")

        try market.rest("buy", 10, at: 1100, account: "MAKER2")
        let exited = try #require(try market.order(placed["id"]?.string)["legs"]?.array)
        #expect(exited[0]["status"]?.string == "filled" && exited[0]["filled_avg_price"]?.string == "11.00")
        #expect(exited[1]["status"]?.string == "canceled")
        #expect(try market.get("/v2/account")["cash"]?.string == "100010.00")
        try market.print(at: 800)
        #expect(try market.order(exited[1]["id"]?.string)["status"]?.string == "canceled", "a cancelled stop-loss never triggers")
    }

    @Test func aBracketsStopLossTriggersAndCancelsTheTakeProfit() throws {
        let market = try AlpacaHarness()
        try market.rest("sell", 10, at: 1000)
        let placed = try market.post(#""qty":10,"side":"buy","type":"market","time_in_force":"day","order_class":"bracket","take_profit":{"limit_price":"11"},"stop_loss":{"stop_price":"9","limit_price":"8.50"}"#)
        #expect(placed["status"]?.string == "filled", "\(placed.text)")
        let legs = try #require(placed["legs"]?.array)
        #expect(legs[0]["status"]?.string == "new" && legs[1]["status"]?.string == "held" && legs[1]["type"]?.string == "stop_limit")
        try market.rest("buy", 10, at: 890, account: "MAKER3")
        try market.print(at: 900)
        let stopLoss = try market.order(legs[1]["id"]?.string)
        #expect(stopLoss["status"]?.string == "filled" && stopLoss["filled_avg_price"]?.string == "8.90", "\(stopLoss.text)")
        #expect(try market.order(legs[0]["id"]?.string)["status"]?.string == "canceled")
        #expect(try market.fills(of: legs[1]["id"]?.string).count == 1)
        let book = try market.venue.get("/venues/TESTEX/stocks/FOOBAR")
        #expect((book["asks"] as? [Any])?.isEmpty != false, "the take-profit left the book")
    }

    @Test func aPartlyFilledTakeProfitShrinksTheHeldStopLoss() throws {
        let market = try AlpacaHarness()
        try market.rest("sell", 10, at: 1000)
        let placed = try market.post(#""qty":10,"side":"buy","type":"market","time_in_force":"gtc","order_class":"bracket","take_profit":{"limit_price":"11"},"stop_loss":{"stop_price":"9"}"#)
        let legs = try #require(placed["legs"]?.array)
        try market.rest("buy", 4, at: 1100, account: "MAKER2")
        #expect(try market.order(legs[0]["id"]?.string)["status"]?.string == "partially_filled")
        let stopLoss = try market.order(legs[1]["id"]?.string)
        #expect(stopLoss["qty"]?.string == "6" && stopLoss["status"]?.string == "held", "\(stopLoss.text)")
    }

    @Test func cancellingABracketsEntryCancelsItsLegs() throws {
        let market = try AlpacaHarness()
        let placed = try market.post(bracket)
        #expect(try market.call("DELETE", "/v2/orders/\(placed["id"]?.string ?? "")").status == 204)
        let cancelled = try market.order(placed["id"]?.string)
        #expect(cancelled["status"]?.string == "canceled")
        #expect(cancelled["legs"]?.array?.allSatisfy { $0["status"]?.string == "canceled" } == true, "\(cancelled.text)")
        #expect(try market.get("/v2/orders").json?.array?.isEmpty == true)
        #expect(try market.get("/v2/account")["buying_power"]?.string == "100000.00")
    }

    @Test func anOCOProtectsSharesHeldAndItsStopLossCancelsItsTakeProfit() throws {
        let market = try AlpacaHarness()
        try market.hold(10, at: 1000)
        let oco = try market.post(#""qty":10,"side":"sell","type":"limit","time_in_force":"gtc","order_class":"oco","take_profit":{"limit_price":"11"},"stop_loss":{"stop_price":"9"}"#)
        #expect(oco.status == 200, "\(oco.text)")
        #expect(oco["order_class"]?.string == "oco" && oco["type"]?.string == "limit" && oco["limit_price"]?.string == "11.00")
        #expect(oco["status"]?.string == "new")
        let leg = try #require(oco["legs"]?.array?.first)
        #expect(leg["type"]?.string == "stop" && leg["status"]?.string == "held" && leg["side"]?.string == "sell")
        let more = try market.post(#""qty":1,"side":"sell","type":"limit","limit_price":"12","time_in_force":"gtc""#)
        #expect(more.status == 403, "the OCO offers the shares")
        try market.rest("buy", 10, at: 895, account: "MAKER3")
        try market.print(at: 899)
        #expect(try market.order(leg["id"]?.string)["status"]?.string == "filled")
        #expect(try market.order(oco["id"]?.string)["status"]?.string == "canceled")
        #expect(try market.get("/v2/positions").json?.array?.isEmpty == true)
    }

    @Test func anOTOReleasesItsOneLegWhenItsEntryFills() throws {
        let market = try AlpacaHarness()
        let oto = try market.post(#""qty":5,"side":"buy","type":"limit","limit_price":"10","time_in_force":"day","order_class":"oto","stop_loss":{"stop_price":"9.50"}"#)
        #expect(oto["order_class"]?.string == "oto", "\(oto.text)")
        let leg = try #require(oto["legs"]?.array?.first)
        #expect(oto["legs"]?.array?.count == 1 && leg["status"]?.string == "held" && leg["stop_price"]?.string == "9.50")
        try market.rest("sell", 5, at: 1000)
        #expect(try market.order(oto["id"]?.string)["status"]?.string == "filled")
        try market.rest("buy", 5, at: 930, account: "MAKER3")
        try market.print(at: 940)
        let stopped = try market.order(leg["id"]?.string)
        #expect(stopped["status"]?.string == "filled" && stopped["filled_avg_price"]?.string == "9.30", "\(stopped.text)")
    }
}
