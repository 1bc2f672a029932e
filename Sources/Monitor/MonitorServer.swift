import HTTP
import Lifecycle
import Live
import StrategyKit

/// The daemon's monitor endpoint: `/metrics`, `/api/status`, `/api/events` and the dashboard
/// `/`, served from the board the engine loop publishes to, on an HTTP server of its own.
///
/// Creating it binds and starts serving; as a `Service`, `run()` serves until cancelled, then
/// closes every connection. It listens on loopback unless given a token: a non-loopback
/// `listen` without one is refused, so positions and P&L are never served to the network
/// unauthenticated. With a token, every request must carry `Authorization: Bearer <token>`.
/// Before either, a request's `Host` must name the monitor (`MonitorHostCheck`), and its head
/// must arrive within `headerTimeout`; half-sent requests are closed to make room for new
/// connections, so that no page a browser runs can lock the monitor's clients out.
public final class MonitorServer: Service, Sendable {
    /// Where it listens; the port is the bound one.
    public var address: HTTPAddress { server.address }
    private let server: HTTPServer
    /// How long a request's head may take to arrive: a few seconds, where a whole request of the
    /// HTTP server's default may take a minute.
    static let headerTimeout: Duration = .seconds(5)

    /// Starts serving `routes` on `listen` (`HOST:PORT`). Throws `exposedWithoutToken` for a
    /// non-loopback host unless `routes` has a token.
    public init(listen: String, routes: MonitorRoutes) throws(MonitorError) {
        guard let address = HTTPAddress(parsing: listen) else { throw .badListen(listen) }
        if routes.token == nil, !Self.isLoopback(address.host) { throw .exposedWithoutToken(listen) }
        if let token = routes.token, token.isEmpty { throw .emptyToken }
        // Two loops: a slow client of one (a dashboard on a phone) does not hold up a scrape.
        let configuration = HTTPServerConfiguration(
            address: address, headerTimeout: Self.headerTimeout, eventLoopCount: 2, maxConnections: 256, maxConnectionsPerAddress: 64)
        let hosts = MonitorHostCheck(listening: address.host)
        do throws(HTTPError) {
            server = try HTTPServer(configuration: configuration) { request in hosts.refusal(of: request) ?? routes.respond(to: request) }
        } catch {
            throw .couldNotListen(listen, error)
        }
    }

    public func run() async {
        await server.run()
    }

    /// Closes the listener and every connection (what `run()` does when cancelled).
    public func stop() {
        server.stop()
    }

    /// Whether `host` names the loopback interface: `localhost`, `127.0.0.0/8` or `::1`.
    public static func isLoopback(_ host: String) -> Bool {
        if host == "localhost" || host == "::1" { return true }
        let parts = host.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 4 && parts[0] == "127" && parts.allSatisfy { UInt8($0) != nil }
    }
}
