import Foundation
import MarketTestSupport
import SimulatedMarket
import Testing

@Suite(.timeLimit(.minutes(10))) struct VenueEndpointTests {
    @Test func apiHeartbeatIsOkWithEmptyError() throws {
        let venue = try VenueHarness()
        let reply = try venue.get("/heartbeat")
        #expect(reply.status == 200)
        #expect(reply.text == #"{"ok":true,"error":""}"#)
    }

    @Test func venueHeartbeatNamesTheVenue() throws {
        let venue = try VenueHarness()
        let reply = try venue.get("/venues/TESTEX/heartbeat")
        #expect(reply.status == 200)
        #expect(reply.text == #"{"ok":true,"venue":"TESTEX"}"#)
    }

    @Test func unknownVenueIs404AndIsNotCreatedByAsking() throws {
        let venue = try VenueHarness()
        for path in ["/venues/NOPE/heartbeat", "/venues/NOPE/stocks", "/venues/NOPE/stocks/FOOBAR", "/venues/NOPE/heartbeat"] {
            let reply = try venue.get(path)
            #expect(reply.status == 404)
            #expect(reply.ok == false)
            #expect(reply.error == "No venue exists with the symbol NOPE.")
        }
    }

    @Test func stocksListsSymbolsWithCompanyNames() throws {
        let venue = try VenueHarness()
        let reply = try venue.get("/venues/TESTEX/stocks")
        #expect(reply.text == #"{"ok":true,"symbols":[{"name":"Foreign Owned Occluded Bridge Architecture Resources","symbol":"FOOBAR"}]}"#)
    }

    @Test func configuredVenueListsItsSymbolsAndTestexStays() throws {
        let venue = try VenueHarness(venue: "OGEX", symbols: ["ABC", "XYZ"])
        let symbols = try venue.get("/venues/OGEX/stocks").list("symbols")?.map { $0["symbol"] as? String }
        #expect(symbols == ["ABC", "XYZ"])
        #expect(try venue.get("/venues/OGEX/stocks").list("symbols")?.first?["name"] as? String == "Architecture Bridge Consolidated")
        #expect(try venue.get("/venues/TESTEX/heartbeat").status == 200)
        #expect(try venue.get("/venues/OGEX/stocks/FOOBAR").status == 404)
    }

    @Test func emptyBookHasEmptySidesAndANanosecondTimestamp() throws {
        let venue = try VenueHarness()
        let reply = try venue.get("/venues/TESTEX/stocks/FOOBAR")
        #expect(reply.status == 200)
        #expect(Set(reply.json.keys) == ["ok", "venue", "symbol", "bids", "asks", "ts"])
        #expect(reply.list("bids")?.isEmpty == true)
        #expect(reply.list("asks")?.isEmpty == true)
        #expect(isNanosecondTimestamp(reply["ts"]))
    }

    @Test func bookListsIndividualOrdersBestFirst() throws {
        let venue = try VenueHarness()
        _ = try venue.place("buy", 10, at: 5100)
        _ = try venue.place("buy", 1, at: 5200)
        _ = try venue.place("buy", 7, at: 5100)
        _ = try venue.place("sell", 3, at: 5300)
        _ = try venue.place("sell", 4, at: 5250)
        let reply = try venue.get("/venues/TESTEX/stocks/FOOBAR")
        let bids = try #require(reply.list("bids")).map { [$0["price"] as? Int, $0["qty"] as? Int] }
        let asks = try #require(reply.list("asks")).map { [$0["price"] as? Int, $0["qty"] as? Int] }
        #expect(bids == [[5200, 1], [5100, 10], [5100, 7]])
        #expect(asks == [[5250, 4], [5300, 3]])
        #expect(reply.list("bids")?.allSatisfy { $0["isBuy"] as? Bool == true } == true)
        #expect(reply.list("asks")?.allSatisfy { $0["isBuy"] as? Bool == false } == true)
    }

    @Test func unknownStockIs404() throws {
        let venue = try VenueHarness()
        for path in ["/venues/TESTEX/stocks/NOPE", "/venues/TESTEX/stocks/NOPE/quote", "/venues/TESTEX/stocks/NOPE/orders/1"] {
            let reply = try venue.get(path)
            #expect(reply.status == 404)
            #expect(reply.error == "symbol NOPE does not exist on venue TESTEX")
        }
        #expect(try venue.place("buy", 1, at: 1, stock: "NOPE").status == 404)
    }

    @Test func restingLimitOrderHasTheOrderShape() throws {
        let venue = try VenueHarness()
        let reply = try venue.place("buy", 100, at: 5100)
        #expect(reply.status == 200)
        #expect(Set(reply.json.keys) == orderKeys.union(["ok"]))
        #expect(reply.ok == true)
        #expect(reply["symbol"] as? String == "FOOBAR")
        #expect(reply["venue"] as? String == "TESTEX")
        #expect(reply["direction"] as? String == "buy")
        #expect(reply.int("originalQty") == 100)
        #expect(reply.int("qty") == 100)
        #expect(reply.int("price") == 5100)
        #expect(reply["orderType"] as? String == "limit")
        #expect(reply["account"] as? String == "EXB123456")
        #expect(isNanosecondTimestamp(reply["ts"]))
        #expect(reply.list("fills")?.isEmpty == true)
        #expect(reply.int("totalFilled") == 0)
        #expect(reply["open"] as? Bool == true)
    }

    @Test func crossingOrderFillsAtTheRestingPrice() throws {
        let venue = try VenueHarness()
        _ = try venue.place("sell", 50, at: 5000, account: "SELLER")
        let buy = try venue.place("buy", 80, at: 5005)
        let fills = try #require(buy.list("fills"))
        #expect(fills.count == 1)
        #expect(fills.first?["price"] as? Int == 5000)
        #expect(fills.first?["qty"] as? Int == 50)
        #expect(isNanosecondTimestamp(fills.first?["ts"]))
        #expect(buy.int("totalFilled") == 50)
        #expect(buy.int("qty") == 30)
        #expect(buy["open"] as? Bool == true)
    }

    @Test func marketOrderReportsPriceZeroAndNeverRests() throws {
        let venue = try VenueHarness()
        _ = try venue.place("sell", 5, at: 5000, account: "SELLER")
        let buy = try venue.place("buy", 8, at: 9999, type: "market")
        #expect(buy.int("price") == 0)
        #expect(buy.int("totalFilled") == 5)
        #expect(buy["open"] as? Bool == false)
        #expect(try venue.get("/venues/TESTEX/stocks/FOOBAR").list("bids")?.isEmpty == true)
    }

    @Test func fillOrKillOneShareShortFillsNothing() throws {
        let venue = try VenueHarness()
        _ = try venue.place("sell", 9, at: 5000, account: "SELLER")
        let buy = try venue.place("buy", 10, at: 5000, type: "fill-or-kill")
        #expect(buy.int("totalFilled") == 0)
        #expect(buy["open"] as? Bool == false)
        #expect(buy["orderType"] as? String == "fill-or-kill")
    }

    @Test func shortTypeNamesAreAccepted() throws {
        let venue = try VenueHarness()
        _ = try venue.place("sell", 5, at: 5000, account: "SELLER")
        let ioc = try venue.place("buy", 8, at: 5000, type: "ioc")
        #expect(ioc["orderType"] as? String == "immediate-or-cancel")
        #expect(ioc.int("totalFilled") == 5)
        #expect(ioc["open"] as? Bool == false)
        #expect(try venue.place("buy", 1, at: 5000, type: "fok")["orderType"] as? String == "fill-or-kill")
    }

    @Test func symbolIsASynonymOfStockAndURLValuesFillOmissions() throws {
        let venue = try VenueHarness()
        let reply = try venue.call(
            "POST", "/venues/TESTEX/stocks/FOOBAR/orders",
            body: #"{"account":"EXB123456","symbol":"FOOBAR","price":100,"qty":1,"direction":"sell","orderType":"limit"}"#)
        #expect(reply.status == 200)
        #expect(reply["symbol"] as? String == "FOOBAR")
        #expect(reply["venue"] as? String == "TESTEX")
    }

    @Test func orderIDsIncreasePerVenue() throws {
        let venue = try VenueHarness(venue: "OGEX", symbols: ["ABC"])
        let first = try #require(try venue.place("buy", 1, at: 1).int("id"))
        let second = try #require(try venue.place("buy", 1, at: 1).int("id"))
        let other = try #require(try venue.place("buy", 1, at: 1, venue: "OGEX", stock: "ABC").int("id"))
        let third = try #require(try venue.place("buy", 1, at: 1).int("id"))
        #expect(second > first)
        #expect(third > second)
        #expect(third == second + 1)
        #expect(other >= 1)
    }

    @Test func quoteLeavesOutAbsentFields() throws {
        let venue = try VenueHarness()
        let empty = try venue.get("/venues/TESTEX/stocks/FOOBAR/quote")
        #expect(empty.status == 200)
        #expect(Set(empty.json.keys) == ["ok", "symbol", "venue", "bidSize", "askSize", "bidDepth", "askDepth", "quoteTime"])
        #expect(isNanosecondTimestamp(empty["quoteTime"]))
    }

    @Test func quoteReportsTopDepthAndLastTrade() throws {
        let venue = try VenueHarness()
        _ = try venue.place("buy", 10, at: 5100)
        _ = try venue.place("buy", 5, at: 5100)
        _ = try venue.place("buy", 7, at: 5000)
        _ = try venue.place("sell", 20, at: 5200, account: "SELLER")
        _ = try venue.place("buy", 3, at: 5200)
        let quote = try venue.get("/venues/TESTEX/stocks/FOOBAR/quote")
        #expect(quote.int("bid") == 5100)
        #expect(quote.int("bidSize") == 15)
        #expect(quote.int("bidDepth") == 22)
        #expect(quote.int("ask") == 5200)
        #expect(quote.int("askSize") == 17)
        #expect(quote.int("askDepth") == 17)
        #expect(quote.int("last") == 5200)
        #expect(quote.int("lastSize") == 3)
        #expect(isNanosecondTimestamp(quote["lastTrade"]))
    }

    @Test func orderStatusReturnsTheOrder() throws {
        let venue = try VenueHarness()
        let id = try #require(try venue.place("buy", 10, at: 5100).int("id"))
        let status = try venue.get("/venues/TESTEX/stocks/FOOBAR/orders/\(id)")
        #expect(status.status == 200)
        #expect(status.int("id") == id)
        #expect(Set(status.json.keys) == orderKeys.union(["ok"]))
    }

    @Test func unknownOrderIs404NamingTheHighestID() throws {
        let venue = try VenueHarness()
        let id = try #require(try venue.place("buy", 10, at: 5100).int("id"))
        for path in ["/orders/\(id + 1)", "/orders/abc", "/orders/\(id + 1)/cancel"] {
            let method = path.hasSuffix("cancel") ? "POST" : "GET"
            let reply = try venue.call(method, "/venues/TESTEX/stocks/FOOBAR" + path)
            #expect(reply.status == 404)
            #expect(reply.error?.hasSuffix("not found (highest available on this venue is \(id))") == true)
        }
        #expect(try venue.call("DELETE", "/venues/TESTEX/stocks/FOOBAR/orders/\(id + 1)").status == 404)
    }

    @Test func cancelByDeleteAndByPostKeepsFillsAndClosesTheOrder() throws {
        let venue = try VenueHarness()
        _ = try venue.place("sell", 4, at: 5000, account: "SELLER")
        let buy = try #require(try venue.place("buy", 10, at: 5000).int("id"))
        let cancelled = try venue.call("DELETE", "/venues/TESTEX/stocks/FOOBAR/orders/\(buy)")
        #expect(cancelled.status == 200)
        #expect(cancelled.int("qty") == 0)
        #expect(cancelled["open"] as? Bool == false)
        #expect(cancelled.int("totalFilled") == 4)
        #expect(cancelled.list("fills")?.count == 1)
        let other = try #require(try venue.place("buy", 2, at: 4000).int("id"))
        let posted = try venue.call("POST", "/venues/TESTEX/stocks/FOOBAR/orders/\(other)/cancel")
        #expect(posted.status == 200)
        #expect(posted["open"] as? Bool == false)
        #expect(try venue.get("/venues/TESTEX/stocks/FOOBAR").list("bids")?.isEmpty == true)
    }

    @Test func cancellingAClosedOrderIsHarmless() throws {
        let venue = try VenueHarness()
        let id = try #require(try venue.place("buy", 10, at: 5000).int("id"))
        let first = try venue.call("DELETE", "/venues/TESTEX/stocks/FOOBAR/orders/\(id)")
        let second = try venue.call("DELETE", "/venues/TESTEX/stocks/FOOBAR/orders/\(id)")
        #expect(second.status == 200)
        #expect(second.text == first.text)
    }

    @Test func accountOrderListsCoverTheVenueOrOneStock() throws {
        let venue = try VenueHarness(venue: "TESTEX", symbols: ["ABC"])
        _ = try venue.place("buy", 1, at: 100)
        _ = try venue.place("buy", 2, at: 100, stock: "ABC")
        _ = try venue.place("buy", 3, at: 100, account: "OTHER")
        let all = try venue.get("/venues/TESTEX/accounts/EXB123456/orders")
        #expect(all.status == 200)
        #expect(Set(all.json.keys) == ["ok", "venue", "orders"])
        #expect(all["venue"] as? String == "TESTEX")
        #expect(all.list("orders")?.map { $0["qty"] as? Int } == [1, 2])
        #expect(all.list("orders")?.allSatisfy { Set($0.keys) == orderKeys } == true)
        let one = try venue.get("/venues/TESTEX/accounts/EXB123456/stocks/ABC/orders")
        #expect(one.list("orders")?.map { $0["symbol"] as? String } == ["ABC"])
        #expect(try venue.get("/venues/TESTEX/accounts/NOBODY/orders").list("orders")?.isEmpty == true)
        #expect(try venue.get("/venues/TESTEX/accounts/EXB123456/stocks/NOPE/orders").status == 404)
        #expect(try venue.get("/venues/NOPE/accounts/EXB123456/orders").status == 404)
    }

    @Test func unknownPathsAre404AndWrongMethods405() throws {
        let venue = try VenueHarness()
        let missing = try venue.get("/nothing/here")
        #expect(missing.status == 404)
        #expect(missing.ok == false)
        #expect(try venue.call("POST", "/heartbeat").status == 405)
        #expect(try venue.call("GET", "/venues/TESTEX/stocks/FOOBAR/orders").status == 405)
        #expect(try venue.call("PUT", "/venues/TESTEX/stocks/FOOBAR/orders/1").status == 405)
    }
}
