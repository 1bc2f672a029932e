import HTTP
import StrategyKit
import Wire

/// Maps the API's paths (under `/ob/api`) to the marketplace's calls and their results to HTTP
/// responses with JSON bodies.
struct VenueRouter: Sendable {
    let marketplace: Marketplace

    /// The response to `request`: the call's JSON with 200, or `{"ok":false,"error":...}` with the
    /// status of the refusal (404 for paths the API does not have, 405 for a method a path does not
    /// take).
    func respond(to request: HTTPRequest) -> HTTPResponse {
        let parts = request.pathSegments
        if FinnhubRouter.handles(parts) { return FinnhubRouter(marketplace: marketplace).respond(to: request) }
        do throws(APIFailure) {
            return Self.json(200, try route(request, parts))
        } catch {
            return Self.failure(error.status, error.message)
        }
    }

    /// A response with `body` as JSON.
    static func json(_ status: Int, _ body: [UInt8]) -> HTTPResponse {
        HTTPResponse(status: status, headers: ["Content-Type": "application/json"], body: body)
    }

    /// `{"ok":false,"error":message}` with `status`.
    static func failure(_ status: Int, _ message: String) -> HTTPResponse {
        var writer = JSONWriter(style: .shortEscapes)
        writer.failure(message)
        return json(status, writer.bytes)
    }

    /// `parts`: the request's `pathSegments`.
    private func route(_ request: HTTPRequest, _ parts: [Substring]) throws(APIFailure) -> [UInt8] {
        guard parts.count >= 3, parts[0] == "ob", parts[1] == "api" else { throw noSuchPath(request) }
        let method = request.method
        let key = request.headers["X-Starfighter-Authorization"]
        switch parts.count {
        case 3 where parts[2] == "heartbeat":
            try expect(method, "GET")
            return Array(#"{"ok":true,"error":""}"#.utf8)
        case 4... where parts[2] == "venues":
            let venue = Venue(String(parts[3]))
            return try routeVenue(request, venue, Array(parts.dropFirst(4)), key)
        default:
            throw noSuchPath(request)
        }
    }

    private func routeVenue(_ request: HTTPRequest, _ venue: Venue, _ rest: [Substring], _ key: String?) throws(APIFailure) -> [UInt8] {
        let method = request.method
        switch rest.count {
        case 1 where rest[0] == "heartbeat":
            try expect(method, "GET")
            return try marketplace.heartbeat(venue)
        case 1 where rest[0] == "stocks":
            try expect(method, "GET")
            return try marketplace.stocks(venue)
        case 2 where rest[0] == "stocks":
            try expect(method, "GET")
            return try marketplace.book(venue, Symbol(String(rest[1])))
        case 3 where rest[0] == "stocks" && rest[2] == "quote":
            try expect(method, "GET")
            return try marketplace.quote(venue, Symbol(String(rest[1])))
        case 3 where rest[0] == "stocks" && rest[2] == "orders":
            try expect(method, "POST")
            return try marketplace.place(venue, Symbol(String(rest[1])), body: request.body, key: key)
        case 4 where rest[0] == "stocks" && rest[2] == "orders":
            let symbol = Symbol(String(rest[1]))
            if method == "DELETE" { return try marketplace.cancel(venue, symbol, id: String(rest[3]), key: key) }
            try expect(method, "GET", "DELETE")
            return try marketplace.status(venue, symbol, id: String(rest[3]), key: key)
        case 5 where rest[0] == "stocks" && rest[2] == "orders" && rest[4] == "cancel":
            try expect(method, "POST")
            return try marketplace.cancel(venue, Symbol(String(rest[1])), id: String(rest[3]), key: key)
        case 3 where rest[0] == "accounts" && rest[2] == "orders":
            try expect(method, "GET")
            return try marketplace.orders(venue, account: Account(String(rest[1])), symbol: nil, key: key)
        case 5 where rest[0] == "accounts" && rest[2] == "stocks" && rest[4] == "orders":
            try expect(method, "GET")
            return try marketplace.orders(venue, account: Account(String(rest[1])), symbol: Symbol(String(rest[3])), key: key)
        default:
            throw noSuchPath(request)
        }
    }

    private func expect(_ method: String, _ allowed: String...) throws(APIFailure) {
        guard allowed.contains(method) else {
            throw APIFailure(status: 405, message: "Method \(method) is not allowed here; use \(allowed.joined(separator: " or ")).")
        }
    }

    private func noSuchPath(_ request: HTTPRequest) -> APIFailure {
        .notFound("No such API endpoint: \(request.method) \(request.path).")
    }
}
