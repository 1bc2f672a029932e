import Foundation
@testable import SimulatedMarket
import StrategyKit
import Testing

/// Stop, stop-limit and trailing stop orders over loopback: held by the simulator until the
/// venue's trades reach their trigger, then traded in the same book under the same order id.
@Suite(.timeLimit(.minutes(10))) struct AlpacaStopOrderTests {
    @Test func aSellStopWaitsForATradeAtOrBelowItsPriceThenSellsAtMarket() throws {
        let market = try AlpacaHarness()
        try market.hold(10, at: 1000)
        let stop = try market.post(#""qty":10,"side":"sell","type":"stop","time_in_force":"gtc","stop_price":"9.50""#)
        #expect(stop.status == 200, "\(stop.text)")
        #expect(stop["status"]?.string == "new" && stop["type"]?.string == "stop" && stop["stop_price"]?.string == "9.50")
        #expect(stop["order_class"]?.string == "simple" && stop["limit_price"] == .null)
        let id = stop["id"]?.string
        try market.rest("buy", 10, at: 940, account: "MAKER3")
        try market.print(at: 960)
        #expect(try market.order(id)["status"]?.string == "new", "a trade above the stop does not trigger it")
        try market.print(at: 950)
        let filled = try market.order(id)
        #expect(filled["status"]?.string == "filled", "\(filled.text)")
        #expect(filled["filled_avg_price"]?.string == "9.40", "a triggered stop is a market order")
        #expect(filled["id"]?.string == id)
        let fills = try market.fills(of: id)
        #expect(fills.count == 1 && fills.first?["price"]?.string == "9.40" && fills.first?["qty"]?.string == "10")
        #expect(try market.get("/v2/stocks/FOOBAR/trades/latest")["trade"]?["p"]?.number == "9.40", "the stop's fill is on the tape")
        #expect(try market.get("/v2/positions").json?.array?.isEmpty == true)
    }

    @Test func aBuyStopLimitTriggersAtOrAboveItsStopAndRestsAsALimit() throws {
        let market = try AlpacaHarness()
        let stop = try market.post(
            #""qty":5,"side":"buy","type":"stop_limit","time_in_force":"day","stop_price":"10.50","limit_price":"10.60""#)
        #expect(stop["status"]?.string == "new" && stop["limit_price"]?.string == "10.60", "\(stop.text)")
        #expect(try market.get("/v2/account")["buying_power"]?.string == "99947.00", "a held buy holds its limit's cost")
        try market.print(at: 1049)
        let book = try market.venue.get("/venues/TESTEX/stocks/FOOBAR")
        #expect((book["bids"] as? [Any])?.isEmpty != false, "a held stop is not in the book")
        try market.print(at: 1050)
        let live = try market.venue.get("/venues/TESTEX/stocks/FOOBAR")
        let bids = try #require(live["bids"] as? [[String: Any]])
        #expect(bids.contains { $0["price"] as? Int == 1060 && $0["qty"] as? Int == 5 }, "triggered, it rests at its limit")
        #expect(try market.order(stop["id"]?.string)["status"]?.string == "new")
        try market.rest("sell", 5, at: 1055)
        let filled = try market.order(stop["id"]?.string)
        #expect(filled["status"]?.string == "filled" && filled["filled_avg_price"]?.string == "10.60", "\(filled.text)")
    }

    @Test func aTrailingStopFollowsTheHighAndTriggersAtItsTrail() throws {
        let market = try AlpacaHarness()
        try market.hold(10, at: 1000)
        let percent = try market.post(#""qty":4,"side":"sell","type":"trailing_stop","time_in_force":"day","trail_percent":"2.5""#)
        #expect(percent["hwm"]?.string == "10.00" && percent["stop_price"]?.string == "9.75", "\(percent.text)")
        #expect(percent["trail_percent"]?.string == "2.5" && percent["trail_price"] == .null && percent["status"]?.string == "new")
        #expect(try market.call("DELETE", "/v2/orders/\(percent["id"]?.string ?? "")").status == 204)
        let trailing = try market.post(#""qty":10,"side":"sell","type":"trailing_stop","time_in_force":"gtc","trail_price":"0.50""#)
        #expect(trailing["hwm"]?.string == "10.00" && trailing["stop_price"]?.string == "9.50" && trailing["trail_price"]?.string == "0.50")
        let id = trailing["id"]?.string
        try market.print(at: 1040)
        let raised = try market.order(id)
        #expect(raised["hwm"]?.string == "10.40" && raised["stop_price"]?.string == "9.90", "\(raised.text)")
        try market.print(at: 1020)
        let kept = try market.order(id)
        #expect(kept["hwm"]?.string == "10.40" && kept["stop_price"]?.string == "9.90" && kept["status"]?.string == "new")
        try market.rest("buy", 10, at: 980, account: "MAKER3")
        try market.print(at: 990)
        let filled = try market.order(id)
        #expect(filled["status"]?.string == "filled" && filled["filled_avg_price"]?.string == "9.80", "\(filled.text)")
    }

    @Test func aTrailsStopIsRoundedToTheCentAndBelowADollarToTheTick() {
        #expect(AlpacaTrail.percent(15_000).stopPrice(from: Price(cents: 1037), side: .sell) == Price(cents: 1021))
        #expect(AlpacaTrail.percent(15_000).stopPrice(from: Price(cents: 1037), side: .buy) == Price(cents: 1053))
        #expect(AlpacaTrail.percent(30_000).stopPrice(from: Price(units: 5_000), side: .sell) == Price(units: 4_850))
        #expect(AlpacaTrail.price(Price(cents: 20)).stopPrice(from: Price(cents: 10), side: .sell) == .zero)
    }

    @Test(arguments: [
        (#""qty":1,"side":"buy","type":"stop_limit","time_in_force":"day","stop_price":"10""#, "limit_price"),
        (#""qty":1,"side":"buy","type":"stop","time_in_force":"day","stop_price":"10.001""#, "tick"),
        (#""qty":1,"side":"sell","type":"trailing_stop","time_in_force":"day","trail_price":"1","trail_percent":"1""#, "exactly one"),
        (#""qty":1,"side":"sell","type":"trailing_stop","time_in_force":"day""#, "exactly one"),
        (#""qty":1,"side":"sell","type":"trailing_stop","time_in_force":"ioc","trail_price":"1""#, "day or gtc"),
        (#""qty":1,"side":"buy","type":"stop","time_in_force":"opg","stop_price":"10""#, "opg"),
        (#""qty":1,"side":"buy","type":"stop","time_in_force":"day","order_class":"bracket","stop_price":"10","take_profit":{"limit_price":"11"},"stop_loss":{"stop_price":"9"}"#, "entry"),
        (#""qty":1,"side":"buy","type":"limit","limit_price":"10","time_in_force":"day","order_class":"bracket","take_profit":{"limit_price":"9.5"},"stop_loss":{"stop_price":"9"}"#, "take_profit"),
        (#""qty":1,"side":"buy","type":"market","time_in_force":"ioc","order_class":"bracket","take_profit":{"limit_price":"11"},"stop_loss":{"stop_price":"9"}"#, "day or gtc"),
        (#""qty":1,"side":"buy","type":"market","time_in_force":"day","order_class":"oto","take_profit":{"limit_price":"11"},"stop_loss":{"stop_price":"9"}"#, "exactly one"),
        (#""qty":1,"side":"sell","type":"limit","time_in_force":"day","order_class":"oco","take_profit":{"limit_price":"11"}"#, "stop_loss"),
    ])
    func protectiveOrdersThatDoNotAddUpAre422NamingWhy(members: String, named: String) throws {
        let market = try AlpacaHarness()
        let reply = try market.post(members)
        #expect(reply.status == 422, "\(reply.text)")
        #expect(reply["message"]?.string?.contains(named) == true, "\(reply.text)")
        #expect(try market.get("/v2/orders?status=all").json?.array?.isEmpty == true)
    }
}
