import Foundation
import HTTP
import SimulatedMarket
import StrategyKit
import Testing

/// Alpaca's order endpoints over loopback: placement against the simulated books, the statuses
/// an order goes through, cancels, look-ups and every refusal with Alpaca's code.
@Suite(.timeLimit(.minutes(10))) struct AlpacaOrderTests {
    @Test func marketBuyFillsAgainstARestingSellAndMovesCashAndPosition() throws {
        let market = try AlpacaHarness()
        try market.rest("sell", 10, at: 1234)
        let placed = try market.order("buy", "4", clientID: "c-1")
        #expect(placed.status == 200, "\(placed.text)")
        #expect(placed["status"]?.string == "filled")
        #expect(placed["filled_qty"]?.string == "4")
        #expect(placed["filled_avg_price"]?.string == "12.34")
        #expect(placed["client_order_id"]?.string == "c-1")
        #expect(placed["filled_at"]?.string != nil)
        let account = try market.get("/v2/account")
        #expect(account["cash"]?.string == "99950.64")
        #expect(account["buying_power"]?.string == "99950.64")
        #expect(account["long_market_value"]?.string == "49.36")
        #expect(account["equity"]?.string == "100000.00")
        let position = try #require(try market.get("/v2/positions").json?[0])
        #expect(position["symbol"]?.string == "FOOBAR")
        #expect(position["qty"]?.string == "4")
        #expect(position["avg_entry_price"]?.string == "12.34")
        #expect(position["cost_basis"]?.string == "49.36")
        #expect(position["current_price"]?.string == "12.34")
        #expect(try market.get("/v2/positions/FOOBAR")["qty"]?.string == "4")
        let missing = try market.get("/v2/positions/ZZZZ")
        #expect(missing.status == 404 && missing["code"]?.number == "40410000")
    }

    @Test func aRestingLimitOrderGoesFromNewToPartiallyFilledToCanceled() throws {
        let market = try AlpacaHarness()
        let placed = try market.order("buy", "10", type: "limit", tif: "gtc", limit: "\"12.00\"")
        #expect(placed["status"]?.string == "new")
        #expect(placed["limit_price"]?.string == "12.00")
        #expect(try market.get("/v2/account")["buying_power"]?.string == "99880.00")
        let id = try #require(placed["id"]?.string)
        try market.rest("sell", 3, at: 1200)
        let partial = try market.get("/v2/orders/\(id)")
        #expect(partial["status"]?.string == "partially_filled")
        #expect(partial["filled_qty"]?.string == "3")
        let cancel = try market.call("DELETE", "/v2/orders/\(id)")
        #expect(cancel.status == 204 && cancel.body.isEmpty)
        let cancelled = try market.get("/v2/orders/\(id)")
        #expect(cancelled["status"]?.string == "canceled")
        #expect(cancelled["canceled_at"]?.string != nil)
        #expect(cancelled["filled_qty"]?.string == "3")
        let again = try market.call("DELETE", "/v2/orders/\(id)")
        #expect(again.status == 422 && again["code"]?.number == "42210000", "\(again.text)")
        #expect(try market.get("/v2/account")["cash"]?.string == "99964.00")
    }

    @Test func timeInForceMapsOntoTheMatchingEngine() throws {
        let market = try AlpacaHarness()
        try market.rest("sell", 5, at: 1000)
        let ioc = try market.order("buy", "8", type: "limit", tif: "ioc", limit: "10")
        #expect(ioc["status"]?.string == "canceled")
        #expect(ioc["filled_qty"]?.string == "5")
        try market.rest("sell", 5, at: 1000)
        let fokTooBig = try market.order("buy", "8", type: "limit", tif: "fok", limit: "10")
        #expect(fokTooBig["status"]?.string == "canceled")
        #expect(fokTooBig["filled_qty"]?.string == "0")
        let fok = try market.order("buy", "5", type: "limit", tif: "fok", limit: "10")
        #expect(fok["status"]?.string == "filled")
        let marketIntoNothing = try market.order("buy", "1")
        #expect(marketIntoNothing["status"]?.string == "canceled")
        let book = try market.venue.get("/venues/TESTEX/stocks/FOOBAR")
        #expect(book["bids"] == nil || (book["bids"] as? [Any])?.isEmpty == true, "ioc, fok and market orders never rest")
    }

    @Test func sellsAreLimitedToTheSharesHeldAndNotOffered() throws {
        let market = try AlpacaHarness()
        let naked = try market.order("sell", "1", type: "limit", limit: "10")
        #expect(naked.status == 403 && naked["code"]?.number == "40310000", "\(naked.text)")
        try market.rest("sell", 5, at: 1000)
        #expect(try market.order("buy", "5")["status"]?.string == "filled")
        #expect(try market.order("sell", "3", type: "limit", limit: "11")["status"]?.string == "new")
        #expect(try market.get("/v2/positions").json?[0]?["qty_available"]?.string == "2")
        let tooMany = try market.order("sell", "3", type: "limit", limit: "11")
        #expect(tooMany.status == 403)
        #expect(tooMany["message"]?.string?.contains("available: 2") == true)
        try market.rest("buy", 3, at: 1100)
        let account = try market.get("/v2/account")
        #expect(account["cash"]?.string == "99983.00")
    }

    @Test func buysNeedBuyingPower() throws {
        let market = try AlpacaHarness { $0.alpaca?.startingCash = Money(cents: 100_000) }
        #expect(try market.get("/v2/account")["cash"]?.string == "1000.00")
        #expect(try market.order("buy", "10", type: "limit", limit: "100")["status"]?.string == "new")
        let over = try market.order("buy", "1", type: "limit", limit: "0.01")
        #expect(over.status == 403 && over["message"]?.string == "insufficient buying power")
        #expect(try market.call("DELETE", "/v2/orders").status == 207)
        try market.rest("sell", 1, at: 500_000)
        let marketBuy = try market.order("buy", "1")
        #expect(marketBuy.status == 403, "a market buy is priced at the ask")
    }

    @Test func clientOrderIDsAreUniquePerAccountAndFindTheirOrder() throws {
        let market = try AlpacaHarness()
        let first = try market.order("buy", "1", type: "limit", limit: "1", clientID: "mine-1")
        let duplicate = try market.order("buy", "1", type: "limit", limit: "1", clientID: "mine-1")
        #expect(duplicate.status == 422 && duplicate["code"]?.number == "40010001")
        #expect(duplicate["message"]?.string == "client_order_id must be unique")
        let found = try market.get("/v2/orders:by_client_order_id?client_order_id=mine-1")
        #expect(found["id"] == first["id"])
        #expect(try market.get("/v2/orders:by_client_order_id?client_order_id=other").status == 404)
        #expect(try market.get("/v2/orders:by_client_order_id").status == 422)
        market.keyID = "ALPACA2"
        #expect(try market.order("buy", "1", type: "limit", limit: "1", clientID: "mine-1").status == 200, "unique per account")
        let id = try #require(first["id"]?.string)
        #expect(try market.get("/v2/orders/\(id)").status == 404, "another account's order is not found")
        #expect(try market.call("DELETE", "/v2/orders/\(id)").status == 404)
        let generated = try market.order("buy", "1", type: "limit", limit: "1")
        #expect(generated["client_order_id"]?.string?.count == 36)
    }

    @Test func ordersAreListedByStatusSymbolSideAndDirection() throws {
        let market = try AlpacaHarness(symbols: ["BAZ"])
        let first = try market.order("buy", "1", type: "limit", limit: "1")
        let second = try market.order("buy", "2", type: "limit", limit: "1", symbol: "BAZ")
        #expect(try market.call("DELETE", "/v2/orders/\(first["id"]?.string ?? "")").status == 204)
        let open = try #require(try market.get("/v2/orders").json?.array)
        #expect(open.map { $0["id"] } == [second["id"]])
        let all = try #require(try market.get("/v2/orders?status=all").json?.array)
        #expect(all.map { $0["id"] } == [second["id"], first["id"]], "newest first")
        let ascending = try #require(try market.get("/v2/orders?status=all&direction=asc").json?.array)
        #expect(ascending.map { $0["id"] } == [first["id"], second["id"]])
        #expect(try market.get("/v2/orders?status=closed").json?.array?.map { $0["id"] } == [first["id"]])
        #expect(try market.get("/v2/orders?status=all&symbols=FOOBAR,MSFT").json?.array?.count == 1)
        #expect(try market.get("/v2/orders?status=all&side=sell").json?.array?.isEmpty == true)
        #expect(try market.get("/v2/orders?status=all&limit=1").json?.array?.count == 1)
        #expect(try market.get("/v2/orders?status=bogus").status == 422)
        #expect(try market.get("/v2/orders?limit=501").status == 422)
    }

    @Test func cancelAllAnswers207WithEachOrder() throws {
        let market = try AlpacaHarness()
        let first = try market.order("buy", "1", type: "limit", limit: "1")
        let second = try market.order("buy", "1", type: "limit", limit: "2")
        let reply = try market.call("DELETE", "/v2/orders")
        #expect(reply.status == 207)
        let entries = try #require(reply.json?.array)
        #expect(Set(entries.compactMap { $0["id"]?.string }) == Set([first, second].compactMap { $0["id"]?.string }))
        #expect(entries.allSatisfy { $0["status"]?.number == "200" && $0["body"]?["status"]?.string == "canceled" })
        #expect(try market.get("/v2/orders").json?.array?.isEmpty == true)
        #expect(try market.call("DELETE", "/v2/orders").json?.array?.isEmpty == true)
    }

    @Test func theSDKsFloatsAndStringsAreBothRead() throws {
        let market = try AlpacaHarness()
        let body = #"{"symbol":"FOOBAR","qty":10.0,"side":"buy","type":"limit","time_in_force":"day","limit_price":150.5,"client_order_id":"py-1"}"#
        let floats = try market.call("POST", "/v2/orders", body: body)
        #expect(floats.status == 200, "\(floats.text)")
        #expect(floats["qty"]?.string == "10")
        #expect(floats["limit_price"]?.string == "150.50")
        let strings = try market.order("buy", "\"3\"", type: "limit", limit: "\"1.25\"")
        #expect(strings["qty"]?.string == "3" && strings["limit_price"]?.string == "1.25")
    }

    @Test func aLimitBelowOneDollarTakesFourPlacesAndOneAboveTakesTwo() throws {
        let market = try AlpacaHarness()
        let penny = try market.order("buy", "1", type: "limit", limit: "\"0.5001\"")
        #expect(penny["limit_price"]?.string == "0.5001")
        let reply = try market.call("POST", "/v2/orders", body: #"{"symbol":"FOOBAR","qty":1,"side":"buy","type":"limit","time_in_force":"day","limit_price":"1.0001"}"#)
        #expect(reply.status == 422 && reply["message"]?.string?.contains("not on the tick") == true, "\(reply.text)")
    }

    @Test(arguments: [
        (#"{"symbol":"FOOBAR","qty":1.5,"side":"buy","type":"market","time_in_force":"day"}"#, "qty"),
        (#"{"symbol":"FOOBAR","notional":100,"side":"buy","type":"market","time_in_force":"day"}"#, "notional"),
        (#"{"symbol":"FOOBAR","qty":1,"side":"hold","type":"market","time_in_force":"day"}"#, "side"),
        (#"{"symbol":"FOOBAR","qty":1,"side":"buy","type":"stop","time_in_force":"day"}"#, "stop_price"),
        (#"{"symbol":"FOOBAR","qty":1,"side":"buy","type":"market","time_in_force":"gtd"}"#, "gtd"),
        (#"{"symbol":"FOOBAR","qty":1,"side":"buy","type":"limit","time_in_force":"day"}"#, "limit_price"),
        (#"{"symbol":"FOOBAR","qty":1,"side":"buy","type":"limit","time_in_force":"day","limit_price":"1.001"}"#, "limit_price"),
        (#"{"symbol":"ZZZZ","qty":1,"side":"buy","type":"market","time_in_force":"day"}"#, "ZZZZ"),
        (#"{"qty":1,"side":"buy","type":"market","time_in_force":"day"}"#, "symbol"),
        (#"{"symbol":"FOOBAR","qty":1,"side":"buy","order_class":"bracket"}"#, "take_profit"),
        (#"{"symbol":"FOOBAR","qty":1,"side":"buy","order_class":"otoco"}"#, "order_class"),
        (#"not json"#, "body"),
    ])
    func invalidOrdersAre422NamingTheField(body: String, named: String) throws {
        let market = try AlpacaHarness()
        let reply = try market.call("POST", "/v2/orders", body: body)
        #expect(reply.status == 422, "\(reply.text)")
        #expect(reply["code"]?.number == "40010001")
        #expect(reply["message"]?.string?.contains(named) == true, "\(reply.text)")
        #expect(try market.get("/v2/orders?status=all").json?.array?.isEmpty == true)
    }

    @Test func unknownOrdersPathsAndMethodsAreRefused() throws {
        let market = try AlpacaHarness()
        let notUUID = try market.get("/v2/orders/12345")
        #expect(notUUID.status == 404 && notUUID["message"]?.string == "order not found")
        #expect(try market.get("/v2/orders/00000000-0000-4001-8000-000000000000").status == 404)
        #expect(try market.get("/v2/nothing").status == 404)
        #expect(try market.call("PUT", "/v2/account").status == 405)
        #expect(try market.call("POST", "/v2/clock").status == 405)
    }

    @Test func aLostAnswerLeavesTheOrderPlacedAndFindableByClientOrderID() throws {
        let market = try AlpacaHarness()
        market.venue.server.dropResponses(method: "POST", path: "/v2/orders")
        #expect(throws: HTTPError.self) { try market.order("buy", "1", type: "limit", limit: "5", clientID: "lost-1") }
        let found = try market.get("/v2/orders:by_client_order_id?client_order_id=lost-1")
        #expect(found.status == 200 && found["status"]?.string == "new")
        let retry = try market.order("buy", "1", type: "limit", limit: "5", clientID: "lost-1")
        #expect(retry.status == 422, "the retry cannot create a second order")
        #expect(try market.get("/v2/orders").json?.array?.count == 1)
        #expect(try market.order("buy", "1", type: "limit", limit: "5", clientID: "lost-2").status == 200, "only one answer was lost")
    }
}
