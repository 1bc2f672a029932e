import Foundation
import HTTP
import SimulatedMarket
import StrategyKit
import Wire

/// A simulated exchange (`VenueServer`) on a free loopback port and a client connection to it, for
/// one test; both end when this value goes away.
public final class VenueHarness {
    public let server: VenueServer
    public let client: HTTPClientConnection

    public init(
        venue: String? = nil, symbols: [String] = [], apiKeys: [Account: String]? = nil, idleTimeout: Duration = .seconds(30),
        bots: BotConfiguration? = nil, botSeed: UInt64 = 1, botInterval: Duration? = nil,
        configure: (inout VenueConfiguration) -> Void = { _ in }
    ) throws {
        var configuration = try VenueConfiguration(venue: venue, symbols: symbols, apiKeys: apiKeys, idleTimeout: idleTimeout)
        configuration.bots = bots
        configuration.botSeed = botSeed
        configuration.botInterval = botInterval
        configure(&configuration)
        server = try VenueServer(configuration: configuration)
        client = HTTPClientConnection(address: server.address)
    }

    deinit {
        client.close()
        server.stop()
    }

    /// A decoded JSON reply.
    public struct Reply {
        public var status: Int
        public var json: [String: Any]
        public var text: String
        public var ok: Bool? { json["ok"] as? Bool }
        public var error: String? { json["error"] as? String }
        public subscript(key: String) -> Any? { json[key] }
        public func int(_ key: String) -> Int? { json[key] as? Int }
        public func list(_ key: String) -> [[String: Any]]? { json[key] as? [[String: Any]] }
    }

    /// A call of the StockFighter API: `path` is under `/ob/api`.
    public func call(_ method: String, _ path: String, body: String? = nil, key: String? = nil) throws -> Reply {
        try request(method, "/ob/api" + path, body: body, key: key)
    }

    /// A request for `target` from the server's root (the game master's `/gm/...`).
    public func request(_ method: String, _ target: String, body: String? = nil, key: String? = nil) throws -> Reply {
        var headers = HTTPHeaders()
        if let key { headers.add(name: "X-Starfighter-Authorization", value: key) }
        if body != nil { headers.add(name: "Content-Type", value: "application/json") }
        let response = try client.send(HTTPRequest(method: method, target: target, headers: headers, body: Array((body ?? "").utf8)))
        let object = try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any] ?? [:]
        return Reply(status: response.status, json: object, text: response.bodyText)
    }

    public func get(_ path: String, key: String? = nil) throws -> Reply { try call("GET", path, key: key) }

    /// Places an order on TESTEX/FOOBAR (or the given venue and stock) and returns the reply.
    public func place(
        _ direction: String, _ qty: Int, at price: Int, type: String = "limit", account: String = "EXB123456",
        venue: String = "TESTEX", stock: String = "FOOBAR", key: String? = nil
    ) throws -> Reply {
        let body = #"{"account":"\#(account)","venue":"\#(venue)","stock":"\#(stock)","price":\#(price),"qty":\#(qty),"direction":"\#(direction)","orderType":"\#(type)"}"#
        return try call("POST", "/venues/\(venue)/stocks/\(stock)/orders", body: body, key: key)
    }
}
