import Foundation
import Quotes
import SimulatedMarket
import StrategyKit
import Testing

/// The shapes the official SDK's models need (see alpaca-api.md): every field they require is
/// present with the JSON type they read, decimals as strings in trading objects and as numbers
/// in market data.
@Suite(.timeLimit(.minutes(10))) struct AlpacaContractTests {
    /// Checks that `object` has each of `fields` with the JSON type given (`string?` allows null).
    private func expectShape(_ object: WireJSON?, _ fields: [String: String], _ what: String) {
        guard let members = object?.object else {
            Issue.record("\(what) is not an object: \(object?.description ?? "nothing")")
            return
        }
        for (name, type) in fields.sorted(by: { $0.key < $1.key }) {
            guard let value = members[name] else {
                Issue.record("\(what) lacks \(name)")
                continue
            }
            let allowed = type.hasSuffix("?") ? [String(type.dropLast()), "null"] : [type]
            #expect(allowed.contains(value.kind), "\(what).\(name) is \(value.kind), expected \(type)")
        }
    }

    private func isUUID(_ value: WireJSON?) -> Bool {
        guard let text = value?.string, text.count == 36 else { return false }
        return text.enumerated().allSatisfy { index, character in
            [8, 13, 18, 23].contains(index) ? character == "-" : character.isHexDigit && !character.isUppercase
        }
    }

    @Test func tradingObjectsHaveTheFieldsTheSDKRequires() throws {
        let market = try AlpacaHarness()
        try market.rest("sell", 5, at: 1234)
        let order = try market.order("buy", "2", clientID: "shape-1")
        let orderFields: [String: String] = [
            "id": "string", "client_order_id": "string", "created_at": "string", "updated_at": "string", "submitted_at": "string",
            "filled_at": "string?", "expired_at": "string?", "canceled_at": "string?", "failed_at": "string?", "replaced_at": "string?",
            "replaced_by": "string?", "replaces": "string?", "asset_id": "string", "symbol": "string", "asset_class": "string",
            "notional": "string?", "qty": "string", "filled_qty": "string", "filled_avg_price": "string?", "order_class": "string",
            "order_type": "string", "type": "string", "side": "string", "time_in_force": "string", "limit_price": "string?",
            "stop_price": "string?", "status": "string", "extended_hours": "bool", "legs": "array?", "trail_percent": "string?",
            "trail_price": "string?", "hwm": "string?",
        ]
        expectShape(order.json, orderFields, "Order")
        #expect(isUUID(order["id"]) && isUUID(order["asset_id"]))
        let resting = try market.order("buy", "1", type: "limit", limit: "1")
        expectShape(resting.json, orderFields, "Order (open)")
        expectShape(try market.get("/v2/orders").json?[0], orderFields, "Order (listed)")
        let account = try market.get("/v2/account")
        var accountFields: [String: String] = [
            "id": "string", "account_number": "string", "status": "string", "currency": "string", "multiplier": "string",
            "pattern_day_trader": "bool", "trading_blocked": "bool", "transfers_blocked": "bool", "account_blocked": "bool",
            "trade_suspended_by_user": "bool", "shorting_enabled": "bool", "daytrade_count": "number", "created_at": "string",
        ]
        for money in [
            "cash", "buying_power", "regt_buying_power", "daytrading_buying_power", "non_marginable_buying_power", "equity",
            "last_equity", "portfolio_value", "long_market_value", "short_market_value", "initial_margin", "maintenance_margin",
            "last_maintenance_margin", "sma", "accrued_fees",
        ] {
            accountFields[money] = "string"
        }
        expectShape(account.json, accountFields, "Account")
        #expect(isUUID(account["id"]))
        var positionFields: [String: String] = [
            "asset_id": "string", "symbol": "string", "exchange": "string", "asset_class": "string", "asset_marginable": "bool",
            "side": "string",
        ]
        for text in [
            "avg_entry_price", "qty", "qty_available", "market_value", "cost_basis", "unrealized_pl", "unrealized_plpc",
            "unrealized_intraday_pl", "unrealized_intraday_plpc", "current_price", "lastday_price", "change_today",
        ] {
            positionFields[text] = "string"
        }
        expectShape(try market.get("/v2/positions").json?[0], positionFields, "Position")
        expectShape(
            try market.get("/v2/account/activities/FILL").json?[0],
            [
                "id": "string", "activity_type": "string", "transaction_time": "string", "type": "string", "price": "string",
                "qty": "string", "side": "string", "symbol": "string", "leaves_qty": "string", "cum_qty": "string",
                "order_id": "string", "order_status": "string",
            ], "Fill activity")
        let asset = try market.get("/v2/assets/FOOBAR")
        expectShape(
            asset.json,
            [
                "id": "string", "class": "string", "exchange": "string", "symbol": "string", "name": "string", "status": "string",
                "tradable": "bool", "marginable": "bool", "shortable": "bool", "easy_to_borrow": "bool", "fractionable": "bool",
                "maintenance_margin_requirement": "number", "attributes": "array",
            ], "Asset")
        #expect(isUUID(asset["id"]))
        #expect(["AMEX", "ARCA", "BATS", "NYSE", "NASDAQ", "NYSEARCA", "OTC"].contains(asset["exchange"]?.string ?? ""))
        expectShape(
            try market.get("/v2/clock").json,
            ["timestamp": "string", "is_open": "bool", "next_open": "string", "next_close": "string"], "Clock")
        let cancelAll = try market.call("DELETE", "/v2/orders")
        expectShape(cancelAll.json?[0], ["id": "string", "status": "number", "body": "object"], "cancel-all entry")
        expectShape(try market.get("/v2/orders/nope").json, ["code": "number", "message": "string"], "Error")
    }

    @Test func marketDataObjectsHaveTheFieldsTheSDKRequires() throws {
        let market = try AlpacaHarness()
        try market.rest("sell", 5, at: 1234)
        try market.rest("buy", 2, at: 1234, account: "TAKER1")
        let quoteFields = [
            "t": "string", "ax": "string", "ap": "number", "as": "number", "bx": "string", "bp": "number", "bs": "number", "c": "array",
            "z": "string",
        ]
        let tradeFields = ["t": "string", "x": "string", "p": "number", "s": "number", "c": "array", "i": "number", "z": "string"]
        let barFields = ["t": "string", "o": "number", "h": "number", "l": "number", "c": "number", "v": "number", "n": "number", "vw": "number?"]
        expectShape(try market.get("/v2/stocks/quotes/latest?symbols=FOOBAR")["quotes"]?["FOOBAR"], quoteFields, "Quote")
        expectShape(try market.get("/v2/stocks/trades/latest?symbols=FOOBAR")["trades"]?["FOOBAR"], tradeFields, "Trade")
        let bars = try market.get("/v2/stocks/bars?symbols=FOOBAR&timeframe=1Min")
        expectShape(bars["bars"]?["FOOBAR"]?[0], barFields, "Bar")
        #expect(bars["next_page_token"] != nil, "next_page_token is always present")
        let snapshot = try market.get("/v2/stocks/snapshots?symbols=FOOBAR")["FOOBAR"]
        expectShape(
            snapshot,
            ["latestTrade": "object", "latestQuote": "object", "minuteBar": "object", "dailyBar": "object", "prevDailyBar": "object?"],
            "Snapshot")
        expectShape(snapshot?["dailyBar"], barFields, "Snapshot daily bar")
        let news = try market.get("/v1beta1/news?limit=1")
        #expect(news["next_page_token"] != nil)
        expectShape(
            news["news"]?[0],
            [
                "id": "number", "headline": "string", "author": "string", "created_at": "string", "updated_at": "string",
                "summary": "string", "content": "string", "url": "string", "images": "array", "symbols": "array", "source": "string",
            ], "News")
    }

    /// Every entry of the shipped symbol directory, served as an asset, has the Asset model's
    /// fields, a UUID of its own and an exchange from the SDK's enum.
    @Test func theShippedDirectorysAssetsHaveTheSDKsShape() throws {
        let directory = try SymbolDirectory.shipped()
        let market = try AlpacaHarness { $0.alpaca?.directory = directory.entries }
        let assets = try #require(try market.get("/v2/assets").json?.array)
        #expect(assets.count == directory.entries.count + (directory.entry("FOOBAR") == nil ? 1 : 0))
        for asset in assets {
            expectShape(
                asset,
                [
                    "id": "string", "class": "string", "exchange": "string", "symbol": "string", "name": "string", "status": "string",
                    "tradable": "bool", "marginable": "bool", "shortable": "bool", "easy_to_borrow": "bool", "fractionable": "bool",
                    "maintenance_margin_requirement": "number", "attributes": "array",
                ], "Asset \(asset["symbol"]?.string ?? "?")")
            #expect(isUUID(asset["id"]))
            #expect(["AMEX", "ARCA", "BATS", "NYSE", "NASDAQ", "NYSEARCA", "OTC"].contains(asset["exchange"]?.string ?? ""), "\(asset)")
        }
        #expect(Set(assets.compactMap { $0["id"]?.string }).count == assets.count, "no two assets share an id")
    }
}
