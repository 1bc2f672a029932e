import HTTP
import Synchronization

/// A transport for `http://` and `https://` APIs over a small pool of keep-alive HTTP/1.1
/// connections, plain or over TLS.
///
/// Each connection carries one request at a time and reconnects when the server has closed it;
/// a request goes to the least busy connection, so up to `poolSize` requests run at once. On an
/// open plain-HTTP connection the caller's thread writes the request and watches for the answer
/// for `inlineBudget` itself (`HTTPClientConnection.sendInline`): a loopback exchange answers
/// within it and needs no other thread. Everything else (connecting, TLS, an answer slower than
/// the budget) runs off the caller's task, on one thread per connection, so a slow exchange never
/// holds the caller's thread for longer than the budget. A request's time limit is the
/// connections' `responseTimeout`; `TransportRequest.timeout` is not consulted.
public final class KeepAliveTransport: ExchangeTransport {
    /// The server's host and port.
    public let address: HTTPAddress
    /// The TLS settings, nil for plain HTTP.
    public let tls: TLSClientContext?
    private let connections: [HTTPClientConnection]
    private let workers: [ConnectionWorker]
    /// Requests in flight per connection.
    private let load: Mutex<[Int]>
    /// How long the caller's thread watches for an answer itself; zero hands every request to
    /// a connection's thread.
    private let inlineBudget: Duration

    /// A pool of `poolSize` connections to `address`, opened on first use, over TLS when `tls`
    /// is given; the caller's thread waits up to `inlineBudget` (250 µs by default) for an answer
    /// on an open plain-HTTP connection before a connection's thread takes over.
    public init(
        address: HTTPAddress, poolSize: Int = 4, configuration: HTTPClientConfiguration = HTTPClientConfiguration(),
        tls: TLSClientContext? = nil, inlineBudget: Duration = .microseconds(250)
    ) {
        precondition(poolSize >= 1, "a pool needs at least one connection")
        self.address = address
        self.tls = tls
        self.inlineBudget = inlineBudget
        self.connections = (0..<poolSize).map { _ in HTTPClientConnection(address: address, configuration: configuration, tls: tls) }
        self.workers = (0..<poolSize).map { ConnectionWorker(name: "exchange-\(address)-\($0)", idleSpin: configuration.busyPollInterval) }
        self.load = Mutex([Int](repeating: 0, count: poolSize))
    }

    deinit {
        for worker in workers { worker.stop() }
        for connection in connections { connection.close() }
    }

    public func send(_ request: TransportRequest) async throws(TransportError) -> TransportResponse {
        var headers = HTTPHeaders()
        if let key = request.apiKey { headers.add(name: TransportRequest.authorizationHeader, value: key.secret) }
        for (name, key) in request.credentials.sorted(by: { $0.key < $1.key }) { headers.add(name: name, value: key.secret) }
        for (name, value) in request.headers.sorted(by: { $0.key < $1.key }) { headers.add(name: name, value: value) }
        if !request.body.isEmpty { headers.add(name: "Content-Type", value: "application/json") }
        let message = HTTPRequest(method: request.method.rawValue, target: request.path, headers: headers, body: request.body)
        let slot = checkOut()
        let connection = connections[slot]
        let outcome: Result<HTTPResponse, HTTPError>
        switch inlineBudget > .zero ? connection.sendInline(message, budget: inlineBudget) : .declined {
        case .done(let result):
            checkIn(slot)
            outcome = result
        case .unfinished:
            outcome = await onConnectionThread(slot) { connection.finishInline() }
        case .declined:
            outcome = await onConnectionThread(slot) { Result { () throws(HTTPError) in try connection.send(message) } }
        }
        switch outcome {
        case .success(let response):
            var fields: [String: String] = [:]
            for field in response.headers { fields[field.name.lowercased()] = field.value }
            return TransportResponse(status: response.status, body: response.body, headers: fields)
        case .failure(let error): throw Self.map(error, request)
        }
    }

    /// Runs `job` on the thread of connection `slot`, which it then checks in.
    private func onConnectionThread(
        _ slot: Int, _ job: @escaping @Sendable () -> Result<HTTPResponse, HTTPError>
    ) async -> Result<HTTPResponse, HTTPError> {
        await withCheckedContinuation { continuation in
            workers[slot].submit {
                let outcome = job()
                self.checkIn(slot)
                continuation.resume(returning: outcome)
            }
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

    /// The transport error an HTTP failure stands for. A failure before the request was fully
    /// written counts as not connected: no server acts on a partial request; TLS failures keep
    /// their own cases, which say the same.
    static func map(_ error: HTTPError, _ request: TransportRequest) -> TransportError {
        switch error {
        case .invalidAddress, .couldNotListen, .couldNotConnect: return .couldNotConnect("\(request): \(error)")
        case .timedOut(requestSent: false), .connectionLost(requestSent: false): return .couldNotConnect("\(request): \(error)")
        case .timedOut(requestSent: true): return .timedOut("\(request): \(error)")
        case .connectionLost(requestSent: true), .malformedResponse: return .connectionLost("\(request): \(error)")
        case .tooLarge: return .responseTooLarge("\(request): \(error)")
        case .tlsHandshakeFailed: return .tlsHandshakeFailed("\(request): \(error)")
        case .certificateRejected: return .certificateRejected("\(request): \(error)")
        case .tlsSetupFailed: return .tlsSetupFailed("\(request): \(error)")
        }
    }
}
