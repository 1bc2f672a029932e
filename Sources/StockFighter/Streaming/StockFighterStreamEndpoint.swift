import APIClient
import HTTP
import WebSocket
import StrategyKit

/// Where `StockFighterBroker` opens the API's WebSocket feeds: the REST base URL's host, port
/// and path with `ws`/`wss` for `http`/`https` (`http://host/ob/api` gives
/// `ws://host/ob/api/ws/:account/venues/:venue/...`), the same API key header and, over TLS,
/// the same certificate authorities as the REST calls.
public struct StockFighterStreamEndpoint: Sendable {
    let address: HTTPAddress
    let secure: Bool
    let basePath: String
    let headers: HTTPHeaders
    let tls: TLSClientContext?

    /// The feeds of the API at `baseURL`, sending `apiKey` as `X-Starfighter-Authorization`;
    /// throws `.transport` for a base URL the REST client would refuse or a `caFile` that
    /// cannot be loaded.
    public init(baseURL: String, apiKey: APIKey?, caFile: String? = nil) throws(ExchangeError) {
        let endpoint: ExchangeEndpoint
        do throws(TransportError) {
            endpoint = try ExchangeEndpoint(baseURL: baseURL, defaultPath: CommandInvoker.defaultBasePath)
        } catch {
            throw .transport(error)
        }
        address = HTTPAddress(host: endpoint.host, port: endpoint.port)
        secure = endpoint.scheme == "https"
        basePath = endpoint.basePath
        var headers = HTTPHeaders()
        if let apiKey { headers.set(name: TransportRequest.authorizationHeader, value: apiKey.secret) }
        self.headers = headers
        if secure {
            do throws(HTTPError) {
                tls = try TLSClientContext(caFile: caFile)
            } catch {
                throw .transport(.tlsSetupFailed("\(endpoint): \(error)"))
            }
        } else {
            tls = nil
        }
    }

    /// The feeds' connections ping the server every 5 s and end, as stalled, after 15 s without
    /// a frame (a pong counts): the feeds send nothing of their own on a quiet market, so this
    /// keep-alive is what tells a quiet connection from a dead one.
    static let configuration = WebSocketClientConfiguration(
        limits: WebSocketLimits(pingInterval: .seconds(5), keepAliveTimeout: .seconds(15)))

    /// One of the API's two feeds.
    public enum Feed: String, Sendable {
        case tickertape, executions
    }

    /// What a feed's connection delivers (`open`), on the connection's own thread, in order.
    public enum FeedEvent: Sendable, Equatable {
        /// A message's JSON bytes.
        case message([UInt8])
        /// The connection has ended (the last event): why, with the close code.
        case closed(String)
    }

    /// Opens `account`'s `feed` of the whole venue and hands its events to `onEvent`; returns
    /// what closes it (a `closed` event follows). The connection is made on a thread of its own
    /// (`WebSocketClient.connect`), never the caller's. Throws when it cannot connect or the
    /// upgrade is refused (a 404 for an unknown venue, a 401 for another account's executions).
    public func open(
        _ feed: Feed, account: Account, venue: Venue, onEvent: @escaping @Sendable (FeedEvent) -> Void
    ) async throws(WebSocketClientError) -> @Sendable () -> Void {
        let url = WebSocketURL(address: address, secure: secure, target: "\(basePath)/ws/\(account.rawValue)/venues/\(venue.rawValue)/\(feed.rawValue)")
        let client = try await WebSocketClient.connect(url: url, headers: headers, tls: tls, configuration: Self.configuration) { event in
            switch event {
            case .message(let message): onEvent(.message(message.bytes))
            case let .closed(code, reason): onEvent(.closed("\(feed.rawValue) closed (\(code.rawValue)\(reason.isEmpty ? "" : ": \(reason)"))"))
            }
        }
        return { client.close() }
    }
}
