import APIClient
import Foundation
import HTTP
import StrategyKit
import Synchronization
import Wire
import Alpaca

/// A scripted Alpaca on an `HTTPServer` on loopback: real HTTP, canned Alpaca-shaped answers
/// from a little state (orders, fill activities, positions). Market orders fill at once at
/// `fillPrice`; limit orders rest until `fill(clientOrderID:qty:)`; stops and trailing stops rest
/// too. An `order_class` makes a parent with its exits as legs (Alpaca's ids, `held` until the
/// parent fills), listed inside it with `nested=true`; `PATCH /v2/orders/{id}` replaces an open
/// order by a new one. `stop()` ends the server.
public final class FakeAlpaca: Sendable {
    public struct Order: Sendable {
        public var id: String
        public var clientOrderID: String
        public var symbol: String
        public var side: String
        public var type: String
        public var timeInForce: String
        public var qty: Int64
        public var filled: Int64 = 0
        public var limitPrice: String?
        public var status = "new"
        public var createdAt: String
        public var stopPrice: String?
        public var trailPrice: String?
        public var trailPercent: String?
        public var orderClass = ""
        /// The ids of a group parent's legs.
        public var legs: [String] = []
        /// Whether the order is a leg of a group: listed inside its parent with `nested=true`.
        public var isLeg = false
        public var replacedBy: String?
        public var replaces: String?
    }

    public struct State: Sendable {
        public var orders: [Order] = []
        public var fills: [String] = []
        /// The positions' JSON objects; nil: what the fills add up to.
        public var positions: [String]?
        public var isOpen = true
        /// The next this many requests are answered 429 with `resetAt`.
        public var rateLimited = 0
        public var resetAt: Int64 = 0
        public var requests: [String] = []
        /// The body of every request that had one, after its `"METHOD /path"`.
        public var bodies: [String] = []
        public var keys: [String] = []
        public var bars = 0
        public var news = 0
        public var nextID = 1
        /// Statuses to answer, one per request and in order, to requests of `"METHOD /path"`
        /// instead of what the fake would answer (0: the fake's own answer): faults a test injects.
        public var faults: [String: [Int]] = [:]
        /// Whether the fill activities ignore `page_token`, answering every page with the first.
        public var repeatsFillPages = false
    }

    public let state = Mutex(State())
    private let server: HTTPServer
    public let fillPrice = "101.25"

    public var baseURL: String { "http://\(server.address)" }

    public init() throws {
        let box = Box()
        self.box = box
        server = try HTTPServer { request in box.handler?(request) ?? HTTPResponse(status: 500) }
        box.handler = { [unowned self] request in self.answer(request) }
    }

    private let box: Box
    private final class Box: @unchecked Sendable { var handler: (@Sendable (HTTPRequest) -> HTTPResponse)? }

    public func stop() { server.stop() }

    private let held = Mutex<RequestHold?>(nil)

    /// Holds the requests for `path`, unanswered, until the returned hold is released.
    public func hold(_ path: String) -> RequestHold {
        let hold = RequestHold(path: path)
        held.withLock { $0 = hold }
        return hold
    }

    /// A client of this server with the test's keys; `wrap` may put a transport in between.
    public func client(policy: RetryPolicy = RetryPolicy(attemptTimeout: .seconds(5), maxAttempts: 3, initialBackoff: .milliseconds(10), totalBudget: .seconds(600)),
                wrap: (any ExchangeTransport) -> any ExchangeTransport = { $0 }) throws -> AlpacaClient {
        let endpoint = try AlpacaEndpoint(baseURL: baseURL, timeout: policy.attemptTimeout)
        return AlpacaClient(invoker: AlpacaInvoker(
            trading: AlpacaEndpoint(transport: wrap(endpoint.transport)), marketData: endpoint,
            credentials: AlpacaCredentials(keyID: APIKey("KID"), secret: APIKey("SECRET")), policy: policy))
    }

    /// Puts on the books, as if placed and filled while no one watched, a market order of
    /// `qty` `symbol` placed as `clientOrderID`, filled at `fillPrice`.
    public func placeFilled(clientOrderID: String, symbol: String, side: String = "buy", qty: Int64) {
        state.withLock { state in
            let index = Self.add(&state, clientOrderID: clientOrderID, symbol: symbol, side: side, type: "market", timeInForce: "day", qty: qty, limitPrice: nil)
            Self.fill(&state, index, qty, fillPrice)
        }
    }

    /// Adds a new order with the next id, and returns its index.
    private static func add(
        _ state: inout State, clientOrderID: String, symbol: String, side: String, type: String, timeInForce: String, qty: Int64,
        limitPrice: String?
    ) -> Int {
        let id = String(format: "%08x-0000-4000-8000-%012x", state.nextID, state.nextID)
        state.nextID += 1
        // Each order a microsecond after the last at least, as the API's times are.
        let last = state.orders.last.flatMap { Timestamp(iso8601: $0.createdAt) }
        let now = WallClock.now()
        let created = last.map { max(now, $0.advanced(byNanoseconds: 1_000)) } ?? now
        state.orders.append(Order(
            id: id, clientOrderID: clientOrderID, symbol: symbol, side: side, type: type, timeInForce: timeInForce, qty: qty,
            limitPrice: limitPrice, createdAt: created.iso8601))
        return state.orders.count - 1
    }

    /// Fills `qty` more shares of the order placed as `clientOrderID`, at `fillPrice`.
    /// The activity's id is `activityID` when given.
    public func fill(clientOrderID: String, qty: Int64, price: String? = nil, activityID: String? = nil) {
        state.withLock { state in
            guard let index = state.orders.firstIndex(where: { $0.clientOrderID == clientOrderID }) else { return }
            Self.fill(&state, index, qty, price ?? fillPrice, activityID: activityID)
        }
    }

    private static func fill(_ state: inout State, _ index: Int, _ qty: Int64, _ price: String, activityID: String? = nil) {
        state.orders[index].filled += qty
        let order = state.orders[index]
        state.orders[index].status = order.filled == order.qty ? "filled" : "partially_filled"
        let number = state.fills.count + 1
        state.fills.append(#"""
            {"id":"\#(activityID ?? "2026120104\(String(format: "%05d", number))::\(UUID().uuidString.lowercased())")","activity_type":"FILL",
            "transaction_time":"\#(WallClock.now().iso8601)","type":"\#(order.filled == order.qty ? "fill" : "partial_fill")",
            "price":"\#(price)","qty":"\#(qty)","side":"\#(order.side)","symbol":"\#(order.symbol)","leaves_qty":"\#(order.qty - order.filled)",
            "cum_qty":"\#(order.filled)","order_id":"\#(order.id)","order_status":"\#(state.orders[index].status)"}
            """#)
    }

    private func json(_ status: Int, _ body: String, headers: HTTPHeaders = HTTPHeaders()) -> HTTPResponse {
        var headers = headers
        headers.add(name: "Content-Type", value: "application/json")
        return HTTPResponse(status: status, headers: headers, body: Array(body.utf8))
    }

    private func error(_ status: Int, _ code: Int, _ message: String) -> HTTPResponse {
        json(status, #"{"code":\#(code),"message":"\#(message)"}"#)
    }

    /// `order` as Alpaca's JSON, its legs (looked up in `orders`) inside it when `nested`.
    private static func render(_ order: Order, _ orders: [Order] = [], nested: Bool = false) -> String {
        func text(_ value: String?) -> String { value.map { "\"\($0)\"" } ?? "null" }
        let limit = text(order.limitPrice)
        let legs = nested && !order.legs.isEmpty
            ? "[" + order.legs.compactMap { id in orders.first { $0.id == id } }.map { render($0) }.joined(separator: ",") + "]" : "null"
        return #"""
            {"id":"\#(order.id)","client_order_id":"\#(order.clientOrderID)","created_at":"\#(order.createdAt)","updated_at":"\#(order.createdAt)",
            "submitted_at":"\#(order.createdAt)","filled_at":null,"symbol":"\#(order.symbol)","asset_class":"us_equity","qty":"\#(order.qty)",
            "filled_qty":"\#(order.filled)","filled_avg_price":null,"order_class":"\#(order.orderClass)","order_type":"\#(order.type)","type":"\#(order.type)",
            "side":"\#(order.side)","time_in_force":"\#(order.timeInForce)","limit_price":\#(limit),"stop_price":\#(text(order.stopPrice)),
            "trail_price":\#(text(order.trailPrice)),"trail_percent":\#(text(order.trailPercent)),"hwm":null,
            "replaced_by":\#(text(order.replacedBy)),"replaces":\#(text(order.replaces)),"legs":\#(legs),"status":"\#(order.status)","extended_hours":false}
            """#
    }

    private func answer(_ request: HTTPRequest) -> HTTPResponse {
        let path = String(request.path)
        let query = Self.query(request.query.map(String.init) ?? "")
        let limited: Int64? = state.withLock { state in
            state.requests.append("\(request.method) \(request.target)")
            if !request.body.isEmpty { state.bodies.append("\(request.method) \(request.path) \(String(decoding: request.body, as: UTF8.self))") }
            state.keys.append("\(request.headers["APCA-API-KEY-ID"] ?? "-")/\(request.headers["APCA-API-SECRET-KEY"] ?? "-")")
            guard state.rateLimited > 0 else { return nil }
            state.rateLimited -= 1
            return state.resetAt
        }
        if let hold = held.withLock({ $0 }), hold.path == path { hold.hold() }
        let fault: Int? = state.withLock { state in
            guard var statuses = state.faults["\(request.method) \(path)"], !statuses.isEmpty else { return nil }
            let status = statuses.removeFirst()
            state.faults["\(request.method) \(path)"] = statuses
            return status
        }
        if let fault, fault != 0 {
            return error(fault, [403: AlpacaError.buyingPowerCode, 404: 40410000][fault] ?? fault * 100_000, "injected \(fault)")
        }
        if let limited {
            return json(429, #"{"code":42910000,"message":"rate limit exceeded"}"#, headers: ["X-Ratelimit-Reset": String(limited)])
        }
        guard request.headers["APCA-API-KEY-ID"] == "KID", request.headers["APCA-API-SECRET-KEY"] == "SECRET" else {
            return json(401, #"{"message":"unauthorized."}"#)
        }
        switch (request.method, path) {
        case ("GET", "/v2/clock"):
            let open = state.withLock { $0.isOpen }
            return json(200, #"{"timestamp":"2026-12-01T09:00:00.123456789-05:00","is_open":\#(open),"next_open":"2026-12-01T09:30:00-05:00","next_close":"2026-12-01T16:00:00-05:00"}"#)
        case ("GET", "/v2/account"):
            return json(200, #"{"id":"e6fe16f3-64a4-4921-8928-cadf02f92f98","account_number":"PA1TEST","status":"ACTIVE","currency":"USD","cash":"100000.00","buying_power":"200000","equity":"100000","portfolio_value":"100000","pattern_day_trader":false,"trading_blocked":false,"account_blocked":false,"daytrade_count":0}"#)
        case ("GET", "/v2/positions"):
            return json(200, "[" + state.withLock { $0.positions ?? Self.positions($0.orders) }.joined(separator: ",") + "]")
        case ("POST", "/v2/orders"):
            return place(request.body)
        case ("GET", "/v2/orders"):
            let status = query["status"] ?? "open"
            let until = query["until"].flatMap { Timestamp(iso8601: $0) }
            let nested = query["nested"] == "true"
            let (orders, all) = state.withLock { state in
                (state.orders.filter { order in
                    let open = !["filled", "canceled", "replaced"].contains(order.status)
                    return (status == "all" || (status == "open") == open) && !(nested && order.isLeg)
                        && until.map { until in Timestamp(iso8601: order.createdAt).map { $0 < until } ?? false } ?? true
                }, state.orders)
            }
            let limit = Int(query["limit"] ?? "50") ?? 50
            return json(200, "[" + orders.reversed().prefix(limit).map { Self.render($0, all, nested: nested) }.joined(separator: ",") + "]")
        case ("GET", "/v2/orders:by_client_order_id"):
            guard let order = state.withLock({ $0.orders.first { $0.clientOrderID == query["client_order_id"] } }) else {
                return error(404, 40410000, "order not found")
            }
            return json(200, Self.render(order))
        case ("DELETE", _) where path.hasPrefix("/v2/orders/"):
            let id = String(path.dropFirst("/v2/orders/".count))
            let outcome: Int = state.withLock { state in
                guard let index = state.orders.firstIndex(where: { $0.id == id }) else { return 404 }
                guard state.orders[index].status == "new" || state.orders[index].status == "partially_filled" else { return 422 }
                state.orders[index].status = "canceled"
                return 204
            }
            if outcome == 404 { return error(404, 40410000, "order not found") }
            if outcome == 422 { return error(422, 42210000, "order is not cancelable") }
            return HTTPResponse(status: 204)
        case ("GET", _) where path.hasPrefix("/v2/orders/"):
            let id = String(path.dropFirst("/v2/orders/".count))
            guard let (order, all) = state.withLock({ state in state.orders.first { $0.id == id }.map { ($0, state.orders) } }) else {
                return error(404, 40410000, "order not found")
            }
            return json(200, Self.render(order, all, nested: query["nested"] == "true"))
        case ("PATCH", _) where path.hasPrefix("/v2/orders/"):
            return replace(String(path.dropFirst("/v2/orders/".count)), request.body)
        case ("GET", "/v2/account/activities/FILL"):
            let size = Int(query["page_size"] ?? "100") ?? 100
            let fills = state.withLock { $0.fills }
            var start = 0
            let repeats = state.withLock { $0.repeatsFillPages }
            if !repeats, let token = query["page_token"], let index = fills.firstIndex(where: { $0.contains("\"\(token)\"") }) { start = index + 1 }
            return json(200, "[" + fills.dropFirst(start).prefix(size).joined(separator: ",") + "]")
        case ("GET", "/v2/stocks/quotes/latest"):
            let symbols = (query["symbols"] ?? "").split(separator: ",")
            let now = WallClock.now().iso8601
            let quotes = symbols.map { #""\#($0)":{"t":"\#(now)","ax":"V","ap":101.3,"as":5,"bx":"V","bp":101.2,"bs":3,"c":["R"],"z":"C"}"# }
            return json(200, #"{"quotes":{\#(quotes.joined(separator: ","))}}"#)
        case ("GET", _) where path.hasPrefix("/v2/stocks/") && path.hasSuffix("/bars"):
            state.withLock { $0.bars += 1 }
            let page = Int(query["page_token"] ?? "0") ?? 0
            let next = page < 2 ? #""\#(page + 1)""# : "null"
            let bars = (0..<3).map { minute in #"{"t":"2026-12-01T14:\#(30 + page * 3 + minute):00Z","o":100,"h":101.5,"l":99.5,"c":101,"v":\#(100 + minute),"n":3,"vw":100.3333333}"# }
            return json(200, #"{"bars":[\#(bars.joined(separator: ","))],"symbol":"AAPL","next_page_token":\#(next)}"#)
        case ("GET", "/v1beta1/news"):
            state.withLock { $0.news += 1 }
            let page = Int(query["page_token"] ?? "0") ?? 0
            let limit = Int(query["limit"] ?? "10") ?? 10
            let articles = (0..<limit).map { index in
                #"{"id":\#(page * 100 + index),"headline":"Simulated headline \#(index)","author":"sim","created_at":"2026-12-01T14:00:00Z","updated_at":"2026-12-01T14:00:00Z","summary":"","content":"","url":"https://example.invalid/\#(index)","images":[],"symbols":["AAPL"],"source":"simulated"}"#
            }
            return json(200, #"{"news":[\#(articles.joined(separator: ","))],"next_page_token":"\#(page + 1)"}"#)
        default:
            return error(404, 40410000, "no route \(request.method) \(path)")
        }
    }

    private func place(_ body: [UInt8]) -> HTTPResponse {
        guard let object = (try? JSONSerialization.jsonObject(with: Data(body))) as? [String: Any],
              let symbol = object["symbol"] as? String, let qty = (object["qty"] as? String).flatMap({ Int64($0) }),
              let cid = object["client_order_id"] as? String, let side = object["side"] as? String,
              let type = object["type"] as? String, let tif = object["time_in_force"] as? String
        else { return error(422, 40010001, "invalid order request") }
        if state.withLock({ $0.isOpen }) == false, type == "market" { return error(422, 42210000, "market is closed") }
        let rendered: String? = state.withLock { state in
            guard !state.orders.contains(where: { $0.clientOrderID == cid }) else { return nil }
            let index = Self.add(
                &state, clientOrderID: cid, symbol: symbol, side: side, type: type, timeInForce: tif, qty: qty,
                limitPrice: object["limit_price"] as? String)
            state.orders[index].stopPrice = object["stop_price"] as? String
            state.orders[index].trailPrice = object["trail_price"] as? String
            state.orders[index].trailPercent = object["trail_percent"] as? String
            if type == "market" || (type == "limit" && Self.marketable(side: side, limit: object["limit_price"] as? String)) {
                Self.fill(&state, index, qty, fillPrice)
            }
            if let orderClass = object["order_class"] as? String {
                Self.addLegs(&state, parent: index, orderClass: orderClass, object)
            }
            return Self.render(state.orders[index], state.orders, nested: true)
        }
        guard let rendered else { return error(422, 40010001, "client_order_id must be unique") }
        return json(200, rendered)
    }

    /// Adds the exits of a group whose parent is order `parent` as its legs, on the side that
    /// closes an entry (an OCO's on the parent's own side), `held` until the parent fills.
    private static func addLegs(_ state: inout State, parent: Int, orderClass: String, _ object: [String: Any]) {
        let order = state.orders[parent]
        state.orders[parent].orderClass = orderClass
        let side = orderClass == "oco" ? order.side : (order.side == "buy" ? "sell" : "buy")
        let status = order.status == "filled" ? "new" : "held"
        var exits: [(type: String, limit: String?, stop: String?)] = []
        if orderClass != "oco", let takeProfit = object["take_profit"] as? [String: Any] {
            exits.append(("limit", takeProfit["limit_price"] as? String, nil))
        }
        if orderClass == "oco" { state.orders[parent].limitPrice = (object["take_profit"] as? [String: Any])?["limit_price"] as? String }
        if let stopLoss = object["stop_loss"] as? [String: Any] {
            let limit = stopLoss["limit_price"] as? String
            exits.append((limit == nil ? "stop" : "stop_limit", limit, stopLoss["stop_price"] as? String))
        }
        for exit in exits {
            let index = add(
                &state, clientOrderID: UUID().uuidString.lowercased(), symbol: order.symbol, side: side, type: exit.type,
                timeInForce: order.timeInForce, qty: order.qty, limitPrice: exit.limit)
            state.orders[index].stopPrice = exit.stop
            state.orders[index].isLeg = true
            state.orders[index].status = status
            state.orders[parent].legs.append(state.orders[index].id)
        }
    }

    /// `PATCH /v2/orders/{id}`: the open order `id` becomes `replaced`, and a new order with the
    /// body's quantity, prices and client order id takes its place.
    private func replace(_ id: String, _ body: [UInt8]) -> HTTPResponse {
        guard let object = (try? JSONSerialization.jsonObject(with: Data(body))) as? [String: Any] else {
            return error(422, 40010001, "invalid replace request")
        }
        let outcome: (Int, String) = state.withLock { state in
            guard let old = state.orders.firstIndex(where: { $0.id == id }) else { return (404, "order not found") }
            guard ["new", "partially_filled", "held"].contains(state.orders[old].status) else { return (422, "order is not replaceable") }
            let cid = object["client_order_id"] as? String ?? UUID().uuidString.lowercased()
            guard !state.orders.contains(where: { $0.clientOrderID == cid }) else { return (422, "client_order_id must be unique") }
            let previous = state.orders[old]
            let index = Self.add(
                &state, clientOrderID: cid, symbol: previous.symbol, side: previous.side, type: previous.type, timeInForce: previous.timeInForce,
                qty: (object["qty"] as? String).flatMap { Int64($0) } ?? previous.qty, limitPrice: object["limit_price"] as? String ?? previous.limitPrice)
            let newID = state.orders[index].id
            state.orders[index].stopPrice = object["stop_price"] as? String ?? previous.stopPrice
            state.orders[index].trailPrice = previous.trailPrice
            state.orders[index].trailPercent = previous.trailPercent
            state.orders[index].isLeg = previous.isLeg
            state.orders[index].status = previous.status == "held" ? "held" : "new"
            state.orders[index].replaces = id
            state.orders[old].status = "replaced"
            state.orders[old].replacedBy = newID
            // A replaced leg's parent lists the new leg in its place.
            for parent in state.orders.indices { state.orders[parent].legs = state.orders[parent].legs.map { $0 == id ? newID : $0 } }
            return (200, Self.render(state.orders[index]))
        }
        if outcome.0 == 200 { return json(200, outcome.1) }
        return error(outcome.0, outcome.0 == 404 ? 40410000 : 42210000, outcome.1)
    }

    /// The positions the orders' fills add up to (at `fillPrice`, the only price the fake fills at).
    private static func positions(_ orders: [Order]) -> [String] {
        var net: [String: Int64] = [:]
        for order in orders { net[order.symbol, default: 0] += order.side == "buy" ? order.filled : -order.filled }
        return net.filter { $0.value != 0 }.sorted { $0.key < $1.key }.map { symbol, qty in
            #"{"symbol":"\#(symbol)","qty":"\#(qty)","side":"\#(qty > 0 ? "long" : "short")","avg_entry_price":"101.25","cost_basis":"0","market_value":"0","unrealized_pl":"0"}"#
        }
    }

    /// Whether a limit order crosses the fake's quote ($101.20 bid, $101.30 ask).
    private static func marketable(side: String, limit: String?) -> Bool {
        guard let limit = limit.flatMap({ FixedPoint.parse($0, scale: 2) }) else { return false }
        return side == "buy" ? limit >= 10_130 : limit <= 10_120
    }

    private static func query(_ text: String) -> [String: String] {
        var items: [String: String] = [:]
        for pair in text.split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1).map { String($0).removingPercentEncoding ?? String($0) }
            if parts.count == 2 { items[parts[0]] = parts[1] }
        }
        return items
    }
}

/// A transport that sends a placement over the real connection and then loses the answer, as
/// a connection that breaks after the API has acted on it does.
public final class LosingTransport: ExchangeTransport {
    let inner: any ExchangeTransport
    /// How many placements lose their answer.
    let losses: Mutex<Int>

    public init(_ inner: any ExchangeTransport, losses: Int) {
        self.inner = inner
        self.losses = Mutex(losses)
    }

    public func send(_ request: TransportRequest) async throws(TransportError) -> TransportResponse {
        let response = try await inner.send(request)
        let lose = request.method == .post && losses.withLock { losses in
            guard losses > 0 else { return false }
            losses -= 1
            return true
        }
        if lose { throw .connectionLost("\(request): answer dropped by the test") }
        return response
    }
}
