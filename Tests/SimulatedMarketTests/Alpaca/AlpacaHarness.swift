import Foundation
import HTTP
import MarketTestSupport
import SimulatedMarket
import StrategyKit

/// A simulated exchange serving the Alpaca API on a free loopback port, with a client
/// connection: Alpaca calls with the account's headers, StockFighter orders (for liquidity from
/// another account), and bot steps.
final class AlpacaHarness {
    let venue: VenueHarness
    var keyID = "ALPACA1"
    var secret = "secret-1"

    /// An exchange listing `symbols` on TESTEX (FOOBAR always), configured by `configure`.
    init(
        symbols: [String] = [], apiKeys: [Account: String]? = nil, botSeed: UInt64 = 1, bots: BotConfiguration? = nil,
        configure: (inout VenueConfiguration) -> Void = { _ in }
    ) throws {
        venue = try VenueHarness(symbols: symbols, apiKeys: apiKeys, bots: bots, botSeed: botSeed, configure: configure)
    }

    /// A reply: status, headers, and the body parsed (nil when empty).
    struct Reply {
        var status: Int
        var headers: HTTPHeaders
        var body: [UInt8]
        var json: WireJSON?
        var text: String { String(decoding: body, as: UTF8.self) }
        subscript(key: String) -> WireJSON? { json?[key] }
    }

    /// `method path` with the harness's keys (or the given ones; nil sends none).
    func call(_ method: String, _ path: String, body: String? = nil, keyID: String?? = .none, secret: String?? = .none) throws -> Reply {
        var headers = HTTPHeaders()
        if let id = keyID ?? self.keyID { headers.add(name: "APCA-API-KEY-ID", value: id) }
        if let key = secret ?? self.secret { headers.add(name: "APCA-API-SECRET-KEY", value: key) }
        if body != nil { headers.add(name: "Content-Type", value: "application/json") }
        let response = try venue.client.send(HTTPRequest(method: method, target: path, headers: headers, body: Array((body ?? "").utf8)))
        return Reply(
            status: response.status, headers: response.headers, body: response.body,
            json: response.body.isEmpty ? nil : try WireJSON.parse(response.body))
    }

    func get(_ path: String) throws -> Reply { try call("GET", path) }

    /// Posts an Alpaca order and returns the reply.
    func order(
        _ side: String, _ qty: String, type: String = "market", tif: String = "day", limit: String? = nil, clientID: String? = nil,
        symbol: String = "FOOBAR"
    ) throws -> Reply {
        var body = #"{"symbol":"\#(symbol)","qty":\#(qty),"side":"\#(side)","type":"\#(type)","time_in_force":"\#(tif)""#
        if let limit { body += #","limit_price":\#(limit)"# }
        if let clientID { body += #","client_order_id":"\#(clientID)""# }
        return try call("POST", "/v2/orders", body: body + "}")
    }

    /// Rests a StockFighter limit order of another account (price in cents) for Alpaca orders to meet.
    @discardableResult
    func rest(_ direction: String, _ qty: Int, at cents: Int, account: String = "MAKER1", key: String? = nil) throws -> VenueHarness.Reply {
        try venue.place(direction, qty, at: cents, account: account, key: key)
    }
}
