import Foundation
import SimulatedMarket
import StrategyKit
import Testing

/// `PATCH /v2/orders/{id}` over loopback: the old order becomes `replaced`, naming its
/// replacement, which names it back; the replacement is a new order in the book; closed orders
/// and fields that do not apply are refused 422.
@Suite(.timeLimit(.minutes(10))) struct AlpacaReplaceTests {
    @Test func aReplacedLimitOrderNamesItsReplacementWhichTradesAtTheNewPrice() throws {
        let market = try AlpacaHarness()
        let old = try market.order("buy", "10", type: "limit", tif: "gtc", limit: "\"10.00\"", clientID: "first")
        let new = try market.patch(old["id"]?.string, #""qty":"5","limit_price":"10.10","client_order_id":"second""#)
        #expect(new.status == 200, "\(new.text)")
        #expect(new["replaces"] == old["id"] && new["id"] != old["id"])
        #expect(new["qty"]?.string == "5" && new["limit_price"]?.string == "10.10" && new["status"]?.string == "new")
        #expect(new["client_order_id"]?.string == "second" && new["time_in_force"]?.string == "gtc" && new["replaced_by"] == .null)
        let replaced = try market.order(old["id"]?.string)
        #expect(replaced["status"]?.string == "replaced" && replaced["replaced_by"] == new["id"], "\(replaced.text)")
        #expect(replaced["replaced_at"]?.string != nil && replaced["canceled_at"] == .null)
        let bids = try #require(try market.venue.get("/venues/TESTEX/stocks/FOOBAR")["bids"] as? [[String: Any]])
        #expect(bids.count == 1 && bids[0]["price"] as? Int == 1010 && bids[0]["qty"] as? Int == 5, "the old order left the book")
        #expect(try market.get("/v2/account")["buying_power"]?.string == "99949.50")
        try market.rest("sell", 5, at: 1000)
        let filled = try market.order(new["id"]?.string)
        #expect(filled["status"]?.string == "filled" && filled["filled_avg_price"]?.string == "10.10")
        let again = try market.patch(new["id"]?.string, #""qty":"6""#)
        #expect(again.status == 422 && again["code"]?.number == "42210000", "\(again.text)")
        #expect(try market.patch(old["id"]?.string, #""qty":"6""#).status == 422, "a replaced order is not open")
    }

    @Test func aReplacedStopStaysHeldAndTriggersAtItsNewPrice() throws {
        let market = try AlpacaHarness()
        try market.hold(10, at: 1000)
        let stop = try market.post(#""qty":10,"side":"sell","type":"stop","time_in_force":"gtc","stop_price":"9.00""#)
        let moved = try market.patch(stop["id"]?.string, #""stop_price":"9.60""#)
        #expect(moved["stop_price"]?.string == "9.60" && moved["status"]?.string == "new" && moved["qty"]?.string == "10", "\(moved.text)")
        try market.rest("buy", 10, at: 950, account: "MAKER3")
        try market.print(at: 960)
        #expect(try market.order(moved["id"]?.string)["status"]?.string == "filled")
        #expect(try market.order(stop["id"]?.string)["status"]?.string == "replaced")
    }

    @Test func aTrailingStopsTrailIsReplacedFromItsHighWaterMark() throws {
        let market = try AlpacaHarness()
        try market.hold(10, at: 1000)
        let trailing = try market.post(#""qty":10,"side":"sell","type":"trailing_stop","time_in_force":"gtc","trail_price":"0.50""#)
        try market.print(at: 1100)
        let wider = try market.patch(trailing["id"]?.string, #""trail":"1.00""#)
        #expect(wider["hwm"]?.string == "11.00" && wider["stop_price"]?.string == "10.00" && wider["trail_price"]?.string == "1.00", "\(wider.text)")
    }

    @Test func aReplacedStopLossTakesItsPlaceInTheBracket() throws {
        let market = try AlpacaHarness()
        try market.rest("sell", 10, at: 1000)
        let placed = try market.post(#""qty":10,"side":"buy","type":"market","time_in_force":"gtc","order_class":"bracket","take_profit":{"limit_price":"11"},"stop_loss":{"stop_price":"9"}"#)
        let legs = try #require(placed["legs"]?.array)
        let moved = try market.patch(legs[1]["id"]?.string, #""stop_price":"9.50""#)
        #expect(moved.status == 200 && moved["status"]?.string == "held" && moved["order_class"]?.string == "bracket", "\(moved.text)")
        let now = try #require(try market.order(placed["id"]?.string)["legs"]?.array)
        #expect(now.map { $0["id"] } == [legs[0]["id"], moved["id"]])
        try market.rest("buy", 10, at: 1100, account: "MAKER2")
        #expect(try market.order(moved["id"]?.string)["status"]?.string == "canceled", "the take-profit's fill cancels the replacement")
    }

    @Test(arguments: [
        (#"{}"#, "at least one"),
        (#"{"stop_price":"9"}"#, "stop_price applies"),
        (#"{"trail":"1"}"#, "trail applies"),
        (#"{"qty":"0"}"#, "qty"),
        (#"{"limit_price":"10.001"}"#, "tick"),
        (#"{"time_in_force":"gtd"}"#, "gtd"),
        (#"{"client_order_id":"taken"}"#, "unique"),
    ])
    func replacementsThatDoNotApplyAre422(body: String, named: String) throws {
        let market = try AlpacaHarness()
        _ = try market.order("buy", "1", type: "limit", limit: "1", clientID: "taken")
        let old = try market.order("buy", "1", type: "limit", limit: "2")
        let reply = try market.call("PATCH", "/v2/orders/\(old["id"]?.string ?? "")", body: body)
        #expect(reply.status == 422 && reply["code"]?.number == "40010001", "\(reply.text)")
        #expect(reply["message"]?.string?.contains(named) == true, "\(reply.text)")
        #expect(try market.order(old["id"]?.string)["status"]?.string == "new", "a refused replacement leaves the order as it was")
    }
}
