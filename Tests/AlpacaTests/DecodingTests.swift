import StrategyKit
import Testing
import Wire
@testable import Alpaca

/// The decoders on the example payloads of Alpaca's documentation (../shared/alpaca-api.md).
@Suite(.timeLimit(.minutes(10)))
struct DecodingTests {

    func decode<C: AlpacaCommand>(_ command: C, _ json: String) throws -> C.Result {
        let bytes = Array(json.utf8)
        return try bytes.withUnsafeBytes { body in try command.decode(body) }
    }

    static let order = #"""
        {"id":"61e69015-8549-4bfd-b9c3-01e75843f47d","client_order_id":"tw-1","created_at":"2021-03-16T18:38:01.942282Z",
        "updated_at":"2021-03-16T18:38:01.942282Z","submitted_at":"2021-03-16T18:38:01.937734Z","filled_at":null,
        "expired_at":null,"canceled_at":null,"failed_at":null,"replaced_at":null,"replaced_by":null,"replaces":null,
        "asset_id":"b0b6dd9d-8b9b-48a9-ba46-b9d54906e415","symbol":"AAPL","asset_class":"us_equity","notional":null,
        "qty":"10","filled_qty":"4","filled_avg_price":"101.23","order_class":"","order_type":"limit","type":"limit",
        "side":"buy","time_in_force":"day","limit_price":"101.25","stop_price":null,"status":"partially_filled",
        "extended_hours":false,"legs":null,"trail_percent":null,"trail_price":null,"hwm":null}
        """#

    @Test func orderReadsStringsExactly() throws {
        let order = try decode(GetOrder(id: "x"), Self.order)
        #expect(order.id == "61e69015-8549-4bfd-b9c3-01e75843f47d")
        #expect(order.clientOrderID == "tw-1")
        #expect(order.qty == 10 && order.filledQty == 4)
        #expect(order.filledAvgPrice == "101.23")
        #expect(order.limitPrice == Price(dollars: "101.25"))
        #expect(order.side == .buy && order.status == "partially_filled" && order.isOpen)
        #expect(order.submittedAt == Timestamp(iso8601: "2021-03-16T18:38:01.937734Z"))
        #expect(order.filledAt == nil)
    }

    @Test func anAveragePriceOfAnyLengthIsKeptExactlyAsWritten() throws {
        for (written, kept) in [(#""49.97166666""#, "49.97166666"), ("49.93575", "49.93575"), (#""101.23""#, "101.23")] {
            let text = Self.order.replacingOccurrences(of: #""filled_avg_price":"101.23""#, with: #""filled_avg_price":\#(written)"#)
            #expect(try decode(GetOrder(id: "x"), text).filledAvgPrice == kept)
        }
    }

    /// A field the money does not depend on cannot fail an order's answer (or a whole list);
    /// one it depends on still does, naming it.
    @Test func anOddValueInAFieldTheMoneyDoesNotDependOnIsReadAsAbsent() throws {
        let odd = Self.order
            .replacingOccurrences(of: #""filled_avg_price":"101.23""#, with: #""filled_avg_price":"n/a""#)
            .replacingOccurrences(of: #""filled_at":null"#, with: #""filled_at":"yesterday""#)
            .replacingOccurrences(of: #""extended_hours":false"#, with: #""extended_hours":"no""#)
            .replacingOccurrences(of: #""type":"limit""#, with: #""type":{"kind":"limit"}"#)
        let order = try decode(GetOrder(id: "x"), odd)
        #expect(order.filledAvgPrice == nil && order.filledAt == nil && !order.extendedHours && order.type == "")
        #expect(order.qty == 10 && order.filledQty == 4 && order.limitPrice == Price(dollars: "101.25"))
        #expect(try decode(ListOrders(), "[\(odd),\(Self.order)]").count == 2)
        let badLimit = Self.order.replacingOccurrences(of: #""limit_price":"101.25""#, with: #""limit_price":"n/a""#)
        let error = #expect(throws: JSONReadError.self) { try decode(GetOrder(id: "x"), badLimit) }
        #expect(error?.description.contains("order.limit_price") == true)
    }

    @Test func fractionalQuantityIsRefusedNamingTheField() throws {
        let fractional = Self.order.replacingOccurrences(of: #""qty":"10""#, with: #""qty":"1.5""#)
        let error = #expect(throws: JSONReadError.self) { try decode(GetOrder(id: "x"), fractional) }
        #expect(error?.description.contains("order.qty") == true)
        #expect(error?.description.contains("whole shares") == true)
    }

    static let account = #"""
        {"id":"e6fe16f3-64a4-4921-8928-cadf02f92f98","account_number":"PA1X","status":"ACTIVE","currency":"USD",
        "cash":"-23140.2","buying_power":"262113.632","portfolio_value":"103820.56","equity":"103820.56",
        "long_market_value":"126960.76","short_market_value":"0","pattern_day_trader":false,"trading_blocked":false,
        "account_blocked":false,"daytrade_count":0,"multiplier":"4","created_at":"2019-06-12T22:47:07.99658Z"}
        """#

    @Test func accountMoneyIsExact() throws {
        // The documentation's buying power has a third decimal: held exactly once the price unit
        // is finer than a cent, refused (naming the field, never rounded) while it is a cent.
        guard Price.decimalPlaces >= 3 else {
            let error = #expect(throws: JSONReadError.self) { try decode(GetAccount(), Self.account) }
            #expect(error?.description.contains("account.buying_power") == true)
            return
        }
        let account = try decode(GetAccount(), Self.account)
        #expect(account.cash == money("-23140.20"))
        #expect(account.buyingPower == money("262113.632"))
        #expect(account.equity == money("103820.56"))
        #expect(account.status == "ACTIVE")
    }

    @Test func accountWithCentsDecodes() throws {
        let account = try decode(GetAccount(), Self.account.replacingOccurrences(of: "262113.632", with: "262113.63"))
        #expect(account.cash == money("-23140.2") && account.equity == money("103820.56"))
        #expect(account.buyingPower == money("262113.63"))
    }

    @Test func subCentMoneyIsRefusedNotRounded() throws {
        let json = #"{"id":"a","cash":"1.00005"}"#
        #expect(throws: JSONReadError.self) { try decode(GetAccount(), json) }
    }

    @Test func clockWithAndWithoutFractions() throws {
        let clock = try decode(GetClock(), #"""
            {"timestamp":"2022-04-28T14:07:04.451420928-04:00","is_open":true,"next_open":"2022-04-29T09:30:00-04:00",
            "next_close":"2022-04-28T16:00:00-04:00"}
            """#)
        #expect(clock.isOpen)
        #expect(clock.nextOpen == Timestamp(iso8601: "2022-04-29T13:30:00Z"))
        #expect(clock.timestamp == Timestamp(iso8601: "2022-04-28T18:07:04.451420928Z"))
    }

    @Test func fillActivitiesPage() throws {
        let fills = try decode(ListFillActivities(), #"""
            [{"id":"20190524113406977::8efc7b9a-8b2b-4000-9955-d36e7db0df74","activity_type":"FILL",
            "transaction_time":"2019-05-24T15:34:06.977Z","type":"fill","price":"1.63","qty":"1","side":"buy",
            "symbol":"LPCN","leaves_qty":"0","cum_qty":"1","order_id":"904837e3-3b76-47ec-b432-046db621571b",
            "order_status":"filled"}]
            """#)
        #expect(fills.count == 1)
        #expect(fills[0].price == dollars("1.63") && fills[0].qty == 1 && fills[0].side == .buy)
        #expect(fills[0].orderID == "904837e3-3b76-47ec-b432-046db621571b")
    }

    @Test func positionsAreSigned() throws {
        let positions = try decode(ListPositions(), #"""
            [{"asset_id":"904837e3","symbol":"AAPL","exchange":"NASDAQ","asset_class":"us_equity","avg_entry_price":"100.0",
            "qty":"5","qty_available":"5","side":"long","market_value":"600.0","cost_basis":"500.0","unrealized_pl":"100.0",
            "unrealized_plpc":"0.20","current_price":"120.0","lastday_price":"119.0","change_today":"0.0084"},
            {"symbol":"TSLA","qty":"-3","side":"short","avg_entry_price":"200","market_value":"-600","cost_basis":"-600"}]
            """#)
        #expect(positions.map(\.qty) == [5, -3])
        #expect(positions[0].avgEntryPrice == dollars("100.00"))
    }

    @Test func latestQuotesMultiSymbolNumbers() throws {
        let quotes = try decode(GetLatestQuotes(symbols: ["AAPL", "TSLA"]), #"""
            {"quotes":{"AAPL":{"t":"2021-10-12T17:55:47.409533765Z","ax":"V","ap":141.7,"as":1,"bx":"V","bp":141.66,"bs":2,
            "c":["R"],"z":"C"},"TSLA":{"t":"2021-10-12T17:55:47Z","ap":800,"as":3,"bp":799.5,"bs":4,"c":[],"z":"C"}}}
            """#)
        #expect(quotes["AAPL"]?.askPrice == dollars("141.70"))
        #expect(quotes["AAPL"]?.bidSize == 2)
        #expect(quotes["TSLA"]?.bidPrice == dollars("799.50"))
    }

    @Test func barsPageWithToken() throws {
        let page = try decode(GetBars(symbol: "AAPL", timeframe: .oneMinute), #"""
            {"bars":[{"t":"2021-02-01T16:01:00Z","o":133.32,"h":133.74,"l":133.31,"c":133.5,"v":9876,"n":42,"vw":133.5123456789}],
            "symbol":"AAPL","next_page_token":"QUFQTHxNfDIwMjEtMDItMDFUMTY6MDE6MDAuMDAwMDAwMDAwWg=="}
            """#)
        #expect(page.items.count == 1 && page.items[0].close == dollars("133.50") && page.items[0].volume == 9876)
        #expect(page.nextPageToken == "QUFQTHxNfDIwMjEtMDItMDFUMTY6MDE6MDAuMDAwMDAwMDAwWg==")
        let last = try decode(GetBars(symbol: "AAPL", timeframe: .oneMinute), #"{"bars":[],"symbol":"AAPL","next_page_token":null}"#)
        #expect(last.nextPageToken == nil)
    }

    @Test func snapshotsKeyedAtTopLevel() throws {
        let snapshots = try decode(GetSnapshots(symbols: ["AAPL"]), #"""
            {"AAPL":{"latestTrade":{"t":"2021-05-03T14:45:50.456Z","x":"D","p":133.55,"s":200,"c":["@"],"i":1,"z":"C"},
            "latestQuote":{"t":"2021-05-03T14:45:50.532Z","ax":"P","ap":133.55,"as":7,"bx":"Q","bp":133.54,"bs":9,"c":["R"]},
            "minuteBar":{"t":"2021-05-03T14:44:00Z","o":133.49,"h":133.59,"l":133.43,"c":133.56,"v":133,"n":null,"vw":null},
            "dailyBar":{"t":"2021-05-03T04:00:00Z","o":132.04,"h":134.07,"l":131.83,"c":133.56,"v":2,"n":1,"vw":1},
            "prevDailyBar":{"t":"2021-04-30T04:00:00Z","o":131.78,"h":133.56,"l":131.07,"c":131.46,"v":3,"n":1,"vw":1}}}
            """#)
        #expect(snapshots["AAPL"]?.previousDailyBar?.close == dollars("131.46"))
        #expect(snapshots["AAPL"]?.latestTrade?.size == 200)
    }

    @Test func newsPage() throws {
        let page = try decode(GetNews(symbols: ["AAPL"]), #"""
            {"news":[{"id":24843171,"headline":"Apple Is Said To Be Making","author":"Benzinga Newsdesk",
            "created_at":"2022-01-05T22:00:37Z","updated_at":"2022-01-05T22:00:38Z","summary":"","content":"",
            "url":"https://www.benzinga.com/news/22/01/24843171","images":[],"symbols":["AAPL"],"source":"benzinga"}],
            "next_page_token":"MTY0MTQyMDAzNzAwMDAwMDAwMHwyNDg0MzE3MQ=="}
            """#)
        #expect(page.items[0].headline == "Apple Is Said To Be Making" && page.items[0].source == "benzinga")
        #expect(page.items[0].symbols == ["AAPL"])
    }

    @Test func errorBodiesMapToTypedCases() {
        let endpoint = "POST /v2/orders"
        let buyingPower = AlpacaErrorBody.error(
            status: 403, body: Array(#"{"code":40310000,"message":"insufficient buying power"}"#.utf8), headers: [:], endpoint: endpoint)
        #expect(buyingPower == .forbidden(endpoint: endpoint, code: 40310000, message: "insufficient buying power"))
        let duplicate = AlpacaErrorBody.error(
            status: 422, body: Array(#"{"code":40010001,"message":"client_order_id must be unique"}"#.utf8), headers: [:], endpoint: endpoint)
        #expect(duplicate.isDuplicateClientOrderID)
        let unauthorized = AlpacaErrorBody.error(status: 401, body: Array(#"{"message":"unauthorized."}"#.utf8), headers: [:], endpoint: endpoint)
        #expect(unauthorized == .unauthorized(endpoint: endpoint, message: "unauthorized."))
        let limited = AlpacaErrorBody.error(
            status: 429, body: Array(#"{"code":42910000,"message":"rate limit exceeded"}"#.utf8),
            headers: ["x-ratelimit-reset": "1700000000"], endpoint: endpoint)
        #expect(limited == .rateLimited(endpoint: endpoint, resetAt: 1_700_000_000, message: "rate limit exceeded"))
        let page = AlpacaErrorBody.error(status: 502, body: Array("<html>bad gateway</html>".utf8), headers: [:], endpoint: endpoint)
        #expect(page.description.contains("HTTP 502") && page.description.contains("bad gateway"))
    }

    @Test func orderBodyIsStringsAndAlwaysCarriesTheClientOrderID() {
        let request = OrderRequest(symbol: "AAPL", side: .sell, type: .immediateOrCancel, price: dollars("101.25"), qty: 7)
        let place = PlaceAlpacaOrder(request, clientOrderID: "tw-42")
        #expect(String(decoding: place.body ?? [], as: UTF8.self)
            == #"{"symbol":"AAPL","qty":"7","side":"sell","type":"limit","time_in_force":"ioc","limit_price":"101.25","client_order_id":"tw-42"}"#)
        let market = PlaceAlpacaOrder(OrderRequest(symbol: "AAPL", side: .buy, type: .market, price: .zero, qty: 1), clientOrderID: "tw-43")
        #expect(market.kind == .market && market.timeInForce == .day)
        #expect(PlaceAlpacaOrder(OrderRequest(symbol: "A", side: .buy, type: .fillOrKill, price: .zero, qty: 1), clientOrderID: "c").timeInForce == .fok)
    }

    @Test func timeframes() {
        #expect(AlpacaTimeframe(rawValue: "1Min") != nil && AlpacaTimeframe(rawValue: "59Min") != nil)
        #expect(AlpacaTimeframe(rawValue: "60Min") == nil && AlpacaTimeframe(rawValue: "2Day") == nil)
        #expect(AlpacaTimeframe(rawValue: "Min") == nil && AlpacaTimeframe(rawValue: "01Min") == nil)
    }
}
