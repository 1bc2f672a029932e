import HTTP
import Synchronization

/// A transport for `http://` and `https://` exchanges over a small pool of keep-alive HTTP/1.1
/// connections, plain or over TLS.
///
/// Each connection carries one request at a time and reconnects when the server has closed it;
/// a request goes to the least busy connection, so up to `poolSize` requests run at once. The
/// blocking socket work runs off the caller's task, on one thread per connection. A request's time limit
/// is the connections' `responseTimeout`; `TransportRequest.timeout` is not consulted.
public final class KeepAliveTransport: ExchangeTransport {
    /// The server's host and port.
    public let address: HTTPAddress
    /// The TLS settings, nil for plain HTTP.
    public let tls: TLSClientContext?
    private let connections: [HTTPClientConnection]
    private let workers: [ConnectionWorker]
    /// Requests in flight per connection.
    private let load: Mutex<[Int]>

    /// A pool of `poolSize` connections to `address`, opened on first use, over TLS when `tls`
    /// is given.
    public init(
        address: HTTPAddress, poolSize: Int = 4, configuration: HTTPClientConfiguration = HTTPClientConfiguration(),
        tls: TLSClientContext? = nil
    ) {
        precondition(poolSize >= 1, "a pool needs at least one connection")
        self.address = address
        self.tls = tls
        self.connections = (0..<poolSize).map { _ in HTTPClientConnection(address: address, configuration: configuration, tls: tls) }
        self.workers = (0..<poolSize).map { ConnectionWorker(name: "exchange-\(address)-\($0)", idleSpin: configuration.busyPollInterval) }
        self.load = Mutex([Int](repeating: 0, count: poolSize))
    }

    deinit {
        for worker in workers { worker.stop() }
        for connection in connections { connection.close() }
    }

    public func send(_ request: TransportRequest) async throws(ExchangeError) -> TransportResponse {
        var headers = HTTPHeaders()
        if let key = request.apiKey { headers.add(name: TransportRequest.authorizationHeader, value: key.secret) }
        for (name, key) in request.credentials.sorted(by: { $0.key < $1.key }) { headers.add(name: name, value: key.secret) }
        if !request.body.isEmpty { headers.add(name: "Content-Type", value: "application/json") }
        let message = HTTPRequest(method: request.method.rawValue, target: request.path, headers: headers, body: request.body)
        let slot = checkOut()
        let connection = connections[slot]
        let outcome: Result<HTTPResponse, HTTPError> = await withCheckedContinuation { continuation in
            workers[slot].submit {
                let outcome = Result { () throws(HTTPError) in try connection.send(message) }
                self.checkIn(slot)
                continuation.resume(returning: outcome)
            }
        }
        switch outcome {
        case .success(let response):
            var fields: [String: String] = [:]
            for field in response.headers { fields[field.name.lowercased()] = field.value }
            return TransportResponse(status: response.status, body: response.body, headers: fields)
        case .failure(let error): throw Self.map(error, request)
        }
    }

    private func checkOut() -> Int {
        load.withLock { load in
            var best = 0
            for index in load.indices where load[index] < load[best] { best = index }
            load[best] += 1
            return best
        }
    }

    private func checkIn(_ slot: Int) {
        load.withLock { $0[slot] -= 1 }
    }

    /// The exchange error an HTTP failure stands for. A failure before the request was fully
    /// written counts as not connected: no server acts on a partial request; TLS failures keep
    /// their own cases, which say the same.
    static func map(_ error: HTTPError, _ request: TransportRequest) -> ExchangeError {
        switch error {
        case .invalidAddress, .couldNotListen, .couldNotConnect: return .couldNotConnect("\(request): \(error)")
        case .timedOut(requestSent: false), .connectionLost(requestSent: false): return .couldNotConnect("\(request): \(error)")
        case .timedOut(requestSent: true): return .timedOut("\(request): \(error)")
        case .connectionLost(requestSent: true), .malformedResponse: return .connectionLost("\(request): \(error)")
        case .tooLarge: return .undecodable("\(request): \(error)")
        case .tlsHandshakeFailed: return .tlsHandshakeFailed("\(request): \(error)")
        case .certificateRejected: return .certificateRejected("\(request): \(error)")
        case .tlsSetupFailed: return .tlsSetupFailed("\(request): \(error)")
        }
    }
}
