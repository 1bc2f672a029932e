import HTTP
import StrategyKit

/// The simulated StockFighter exchange: the API's endpoints 1 to 10 over HTTP/1.1, on the
/// matching engine, for the venues and accounts of a `VenueConfiguration`.
///
/// Creating it starts serving; `address` is where (the real port when port 0 was asked for).
/// `stop()` closes every connection and returns once the server's threads have ended. Signals are
/// the caller's business: call `stop()` on SIGTERM.
public final class VenueServer: Sendable {
    /// Where the server listens.
    public var address: HTTPAddress { server.address }
    private let server: HTTPServer

    /// Starts serving `configuration`; throws `.server` when the address cannot be bound.
    public init(configuration: VenueConfiguration) throws(VenueError) {
        let router = VenueRouter(marketplace: Marketplace(listings: configuration.listings, apiKeys: configuration.apiKeys))
        let log = configuration.requestLog
        let http = HTTPServerConfiguration(
            address: configuration.listen, idleTimeout: configuration.idleTimeout, eventLoopCount: configuration.eventLoopCount,
            errorResponse: { status, reason in VenueRouter.failure(status, reason) })
        do {
            server = try HTTPServer(configuration: http) { request in
                let response = router.respond(to: request)
                log?("\(request.method) \(request.target) -> \(response.status)")
                return response
            }
        } catch {
            throw .server(error)
        }
    }

    /// Stops serving: closes the listener and every connection. Harmless to call again.
    public func stop() {
        server.stop()
    }

    /// Blocks until `stop()` has been called (from another thread) and the server has stopped.
    public func waitUntilStopped() {
        server.waitUntilStopped()
    }
}
