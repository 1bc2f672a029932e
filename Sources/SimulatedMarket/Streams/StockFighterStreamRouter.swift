import HTTP
import StrategyKit
import Synchronization

/// StockFighter's two WebSocket feeds over the exchange's HTTP server:
/// `/ob/api/ws/:account/venues/:venue/tickertape[/stocks/:stock]` and
/// `.../executions[/stocks/:stock]`. The upgrade is answered after the REST API's checks (404
/// for a venue or stock not listed; for executions, 401 unless the `X-Starfighter-Authorization`
/// key may see the account's orders, as `GET .../accounts/:account/orders` asks, or the
/// configuration opens every account's executions to anyone as the game did; the tickertape
/// is anyone's); the connection then subscribes to the hub, and each message goes out as a text
/// frame through the connection's bounded queue (the server drops a reader that falls behind
/// with 1008 and counts it in `start.slowReadersDropped`).
struct StockFighterStreamRouter: Sendable {
    let marketplace: Marketplace
    /// The one start of every feed connection: its limits and the subscribe/end closures.
    let start: WebSocketServerStart
    /// Whether any caller may watch any account's executions (`VenueConfiguration.openExecutionFeeds`).
    let openExecutionFeeds: Bool

    init(marketplace: Marketplace, openExecutionFeeds: Bool = false) {
        self.marketplace = marketplace
        self.openExecutionFeeds = openExecutionFeeds
        let subscriptions = Mutex<[ObjectIdentifier: StreamSubscription]>([:])
        start = WebSocketServerStart(
            open: { connection in
                guard let topic = Self.topic(of: connection.request.pathSegments),
                    let subscription = marketplace.subscribe(
                        topic, send: { bytes in connection.send(text: String(decoding: bytes, as: UTF8.self)) },
                        dropped: { connection.close(reason: "streams dropped") })
                else {
                    connection.close(reason: "no such feed")
                    return
                }
                subscriptions.withLock { $0[ObjectIdentifier(connection)] = subscription }
            },
            closed: { connection, _, _ in
                subscriptions.withLock { $0.removeValue(forKey: ObjectIdentifier(connection)) }?.end()
            })
    }

    /// Whether `path` is under the feeds' prefix, `/ob/api/ws/`.
    static func serves(_ path: Substring) -> Bool { path.hasPrefix("/ob/api/ws/") }

    /// The upgrade to the feed `request` names, or the REST API's refusal.
    func respond(to request: HTTPRequest) -> HTTPResponse {
        let parts = request.pathSegments
        guard let topic = Self.topic(of: parts) else {
            return VenueRouter.failure(404, "No such API endpoint: \(request.method) \(request.path).")
        }
        do throws(APIFailure) {
            try marketplace.checkFeed(topic, key: request.headers["X-Starfighter-Authorization"], openExecutions: openExecutionFeeds)
        } catch {
            return VenueRouter.failure(error.status, error.message)
        }
        return .webSocket(request, start: start)
    }

    /// The hub's topic of a feed's path segments (`ob api ws :account venues :venue tickertape|executions
    /// [stocks :stock]`), or nil for another path.
    static func topic(of parts: [Substring]) -> StreamHub.Topic? {
        guard parts.count == 7 || parts.count == 9, parts[0] == "ob", parts[1] == "api", parts[2] == "ws", parts[4] == "venues"
        else { return nil }
        var symbol: Symbol?
        if parts.count == 9 {
            guard parts[7] == "stocks" else { return nil }
            symbol = Symbol(String(parts[8]))
        }
        let account = Account(String(parts[3]))
        let venue = Venue(String(parts[5]))
        switch parts[6] {
        case "tickertape": return .tickertape(venue, symbol)
        case "executions": return .executions(account, venue, symbol)
        default: return nil
        }
    }
}

extension Marketplace {
    /// Throws the REST API's refusal of a feed: 404 for a venue or stock not listed, 401 for the
    /// executions of an account `key` may not see, unless `openExecutions`.
    func checkFeed(_ topic: StreamHub.Topic, key: String?, openExecutions: Bool) throws(APIFailure) {
        switch topic {
        case let .tickertape(venue, symbol), let .executions(_, venue, symbol):
            try state.withLock { state throws(APIFailure) in
                if let symbol { _ = try Self.listing(venue, symbol, in: &state) } else { _ = try Self.listing(venue, in: &state) }
            }
        case .alpacaData, .tradeUpdates:
            throw .notFound("not a StockFighter feed")
        }
        if case let .executions(account, _, _) = topic, !openExecutions {
            try access.authorize(key, for: account, to: "see the executions of that account")
        }
    }
}
