import HTTP
import Lifecycle

/// A loopback HTTP server for tests and benchmarks of webhooks: it keeps every request it is
/// sent and answers with the responses of `script` in turn, then 200 with an empty body.
public final class WebhookReceiver: Sendable {
    /// Where it listens.
    public let address: HTTPAddress
    private let server: HTTPServer
    private let state: Locked<(received: [HTTPRequest], script: [HTTPResponse])>

    /// Listens on `address` (a free loopback port by default).
    public init(address: HTTPAddress = HTTPAddress(host: "127.0.0.1", port: 0), script: [HTTPResponse] = []) throws {
        let state = Locked((received: [HTTPRequest](), script: script))
        self.state = state
        var configuration = HTTPServerConfiguration()
        configuration.address = address
        server = try HTTPServer(configuration: configuration) { request in
            var response = HTTPResponse(status: 200)
            state.update { state in
                state.received.append(request)
                if !state.script.isEmpty { response = state.script.removeFirst() }
            }
            return response
        }
        self.address = server.address
    }

    /// Every request received so far, in order.
    public var received: [HTTPRequest] { state.get().received }

    public func stop() { server.stop() }
}
