import HTTP
import StrategyKit
import Wire

/// Maps Alpaca's paths (`/v2/...` for trading and market data, `/v1beta1/news`) to the
/// marketplace's Alpaca calls, after authentication and the rate limit; refusals become
/// Alpaca's `{"code":N,"message":"..."}` bodies.
///
/// Keys: `APCA-API-KEY-ID` names the account and `APCA-API-SECRET-KEY` is its key from the
/// accounts file; on an open exchange (no accounts file) any secret will do and the key id alone
/// names the account.
struct AlpacaRouter: Sendable {
    let marketplace: Marketplace

    /// Whether `path` is one of Alpaca's (and not StockFighter's).
    static func serves(_ path: Substring) -> Bool {
        path.hasPrefix("/v2/") || path.hasPrefix("/v1beta1/")
    }

    /// The response to `request`, with the rate limit's headers when a limit is set.
    func respond(to request: HTTPRequest) -> HTTPResponse {
        var headers = HTTPHeaders()
        headers.add(name: "Content-Type", value: "application/json")
        do throws(AlpacaFailure) {
            let account = try authenticate(request)
            if let rate = marketplace.countAlpacaRequest(of: account) {
                headers.add(name: "X-Ratelimit-Limit", value: String(rate.limit))
                headers.add(name: "X-Ratelimit-Remaining", value: String(rate.remaining))
                headers.add(name: "X-Ratelimit-Reset", value: String(rate.reset))
                guard rate.allowed else { throw .rateLimited }
            }
            let (status, body) = try route(request, account)
            return HTTPResponse(status: status, headers: headers, body: body)
        } catch {
            var json = JSONWriter()
            json.alpacaFailure(error)
            return HTTPResponse(status: error.status, headers: headers, body: json.bytes)
        }
    }

    /// A 429 as Alpaca answers one over its limit, asking to come back in `retryAfterSeconds`.
    static func rateLimited(retryAfterSeconds: Int) -> HTTPResponse {
        var headers = HTTPHeaders()
        headers.add(name: "Content-Type", value: "application/json")
        headers.add(name: "Retry-After", value: String(retryAfterSeconds))
        var json = JSONWriter()
        json.alpacaFailure(.rateLimited)
        return HTTPResponse(status: 429, headers: headers, body: json.bytes)
    }

    private func authenticate(_ request: HTTPRequest) throws(AlpacaFailure) -> Account {
        let unauthorized = AlpacaFailure.unauthorized(
            "unauthorized. APCA-API-KEY-ID must name an account and APCA-API-SECRET-KEY carry its API key")
        guard let account = marketplace.access.alpacaAccount(
            keyID: request.headers["APCA-API-KEY-ID"], secret: request.headers["APCA-API-SECRET-KEY"])
        else { throw unauthorized }
        return account
    }

    private func route(_ request: HTTPRequest, _ account: Account) throws(AlpacaFailure) -> (Int, [UInt8]) {
        let parts = request.pathSegments
        let query = AlpacaQuery(request.query)
        let method = request.method
        if parts.first == "v1beta1" {
            guard parts.count == 2, parts[1] == "news" else { throw noSuchPath(request) }
            try expect(method, "GET")
            return (200, try marketplace.alpacaNews(query: query))
        }
        if parts.count >= 2, parts[1] == "stocks" { return (200, try routeData(request, Array(parts.dropFirst(2)), query)) }
        switch (parts.count, parts.dropFirst().first) {
        case (2, "account"):
            try expect(method, "GET")
            return (200, try marketplace.alpacaAccount(account))
        case (4, "account") where parts[2] == "activities" && parts[3] == "FILL":
            try expect(method, "GET")
            return (200, try marketplace.alpacaFillActivities(account, query: query))
        case (2, "clock"):
            try expect(method, "GET")
            return (200, try marketplace.alpacaClock())
        case (2, "calendar"):
            try expect(method, "GET")
            return (200, try marketplace.alpacaCalendar(query: query))
        case (2, "assets"):
            try expect(method, "GET")
            return (200, try marketplace.alpacaAssets(query: query))
        case (3, "assets"):
            try expect(method, "GET")
            return (200, try marketplace.alpacaAssets(query: query, only: String(parts[2])))
        case (2, "orders"):
            try expect(method, "GET", "POST", "DELETE")
            if method == "POST" { return (200, try marketplace.alpacaPlace(account, body: request.body)) }
            if method == "DELETE" { return (207, try marketplace.alpacaCancelAll(account)) }
            return (200, try marketplace.alpacaOrders(account, query: query))
        case (2, "orders:by_client_order_id"):
            try expect(method, "GET")
            guard let clientOrderID = query["client_order_id"] else { throw .invalid("client_order_id is required") }
            return (200, try marketplace.alpacaOrder(account, clientOrderID: clientOrderID, nested: try nested(query)))
        case (3, "orders"):
            try expect(method, "GET", "PATCH", "DELETE")
            if method == "GET" { return (200, try marketplace.alpacaOrder(account, uuid: parts[2], nested: try nested(query))) }
            if method == "PATCH" { return (200, try marketplace.alpacaReplace(account, uuid: parts[2], body: request.body)) }
            try marketplace.alpacaCancel(account, uuid: parts[2])
            return (204, [])
        case (2, "positions"):
            try expect(method, "GET")
            return (200, try marketplace.alpacaPositions(account))
        case (3, "positions"):
            try expect(method, "GET")
            return (200, try marketplace.alpacaPositions(account, only: Symbol(String(parts[2]))))
        default:
            throw noSuchPath(request)
        }
    }

    /// `/v2/stocks/...`: the multi-symbol forms (`quotes/latest`, `trades/latest`, `snapshots`,
    /// `bars`, `quotes`, `trades`) and the one-symbol forms (`{symbol}/bars`, `{symbol}/quotes`,
    /// `{symbol}/trades`, `{symbol}/quotes/latest`, `{symbol}/trades/latest`, `{symbol}/snapshot`).
    private func routeData(_ request: HTTPRequest, _ rest: [Substring], _ query: AlpacaQuery) throws(AlpacaFailure) -> [UInt8] {
        try expect(request.method, "GET")
        let data = marketplace
        switch rest.count {
        case 1 where rest[0] == "snapshots": return try data.alpacaSnapshots(try required(query.symbols()), single: false)
        case 1 where rest[0] == "bars": return try data.alpacaBars(try required(query.symbols()), query: query, single: false)
        case 1 where rest[0] == "quotes": return try data.alpacaQuoteHistory(try required(query.symbols()), query: query, single: false)
        case 1 where rest[0] == "trades": return try data.alpacaTradeHistory(try required(query.symbols()), query: query, single: false)
        case 2 where rest[0] == "quotes" && rest[1] == "latest": return try data.alpacaLatestQuotes(try required(query.symbols()), single: false)
        case 2 where rest[0] == "trades" && rest[1] == "latest": return try data.alpacaLatestTrades(try required(query.symbols()), single: false)
        case 2 where rest[1] == "bars": return try data.alpacaBars([Symbol(String(rest[0]))], query: query, single: true)
        case 2 where rest[1] == "quotes": return try data.alpacaQuoteHistory([Symbol(String(rest[0]))], query: query, single: true)
        case 2 where rest[1] == "trades": return try data.alpacaTradeHistory([Symbol(String(rest[0]))], query: query, single: true)
        case 2 where rest[1] == "snapshot": return try data.alpacaSnapshots([Symbol(String(rest[0]))], single: true)
        case 3 where rest[1] == "quotes" && rest[2] == "latest": return try data.alpacaLatestQuotes([Symbol(String(rest[0]))], single: true)
        case 3 where rest[1] == "trades" && rest[2] == "latest": return try data.alpacaLatestTrades([Symbol(String(rest[0]))], single: true)
        default: throw noSuchPath(request)
        }
    }

    private func nested(_ query: AlpacaQuery) throws(AlpacaFailure) -> Bool {
        try query.choice("nested", ["true", "false"], default: "false") == "true"
    }

    private func required(_ symbols: [Symbol]) throws(AlpacaFailure) -> [Symbol] {
        guard !symbols.isEmpty else { throw .badRequest("symbols is required") }
        return symbols
    }

    private func expect(_ method: String, _ allowed: String...) throws(AlpacaFailure) {
        guard allowed.contains(method) else {
            throw AlpacaFailure(status: 405, code: 40510000, message: "method \(method) not allowed here; use \(allowed.joined(separator: " or "))")
        }
    }

    private func noSuchPath(_ request: HTTPRequest) -> AlpacaFailure {
        .notFound("endpoint not found: \(request.method) \(request.path)")
    }
}
