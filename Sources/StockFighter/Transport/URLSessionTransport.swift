import Dispatch
import Foundation
import Synchronization
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A transport over `URLSession`, for `https://` exchanges (and as a yardstick for the
/// keep-alive transport on `http://`).
///
/// The request's timeout bounds the whole exchange, not just the idle time between bytes.
public final class URLSessionTransport: ExchangeTransport {
    /// The scheme, host and port requests go to.
    public let origin: URL
    private let session: URLSession

    /// A transport sending to `origin` (`https://host[:port]`; any path is ignored).
    public init(origin: URL) {
        self.origin = origin
        let configuration = URLSessionConfiguration.ephemeral
        configuration.urlCache = nil
        configuration.httpCookieStorage = nil
        configuration.httpMaximumConnectionsPerHost = 4
        self.session = URLSession(configuration: configuration)
    }

    deinit { session.invalidateAndCancel() }

    public func send(_ request: TransportRequest) async throws(ExchangeError) -> TransportResponse {
        guard let url = URL(string: request.path, relativeTo: origin) else {
            throw .couldNotConnect("cannot form a URL from \(origin) and \(request.path)")
        }
        var urlRequest = URLRequest(url: url)
        urlRequest.httpMethod = request.method.rawValue
        urlRequest.timeoutInterval = request.timeout.seconds
        if let key = request.apiKey {
            urlRequest.setValue(key.secret, forHTTPHeaderField: TransportRequest.authorizationHeader)
        }
        if !request.body.isEmpty {
            urlRequest.httpBody = Data(request.body)
            urlRequest.setValue("application/json", forHTTPHeaderField: "Content-Type")
        }
        let pending = PendingResponse()
        let task = session.dataTask(with: urlRequest) { data, response, error in
            if let error {
                pending.finish(.failure((error as? URLError).map { Self.map($0, request) } ?? .connectionLost("\(request): \(error)")))
            } else if let http = response as? HTTPURLResponse {
                pending.finish(.success(TransportResponse(status: http.statusCode, body: data.map { [UInt8]($0) } ?? [])))
            } else {
                pending.finish(.failure(.connectionLost("\(request): not an HTTP response")))
            }
        }
        // URLSession's own time-out restarts with every byte; this one bounds the whole exchange.
        // The task is cancelled directly, never through Swift task cancellation, which
        // deadlocks inside FoundationNetworking when it races the task's completion.
        // A dispatch timer, not a Swift task: it fires even when the concurrency pool is busy.
        // A cancelled timer source is released at once, unlike a cancelled asyncAfter item,
        // which would stay queued until its deadline.
        let timer = DispatchSource.makeTimerSource(queue: .global())
        timer.schedule(deadline: .now() + request.timeout.seconds)
        timer.setEventHandler {
            if pending.finish(.failure(.timedOut("\(request) after \(request.timeout)"))) { task.cancel() }
        }
        timer.resume()
        task.resume()
        let outcome = await pending.wait()
        timer.cancel()
        return try outcome.get()
    }

    /// The transport failure a `URLError` stands for.
    static func map(_ error: URLError, _ request: TransportRequest) -> ExchangeError {
        switch error.code {
        case .timedOut: return .timedOut("\(request) after \(request.timeout)")
        case .cannotConnectToHost, .cannotFindHost, .dnsLookupFailed, .notConnectedToInternet:
            return .couldNotConnect("\(request): \(error.localizedDescription)")
        default: return .connectionLost("\(request): \(error.localizedDescription)")
        }
    }
}

/// The outcome of one request, settled once by whichever comes first: the response or the
/// time-out.
private final class PendingResponse: Sendable {
    private let state = Mutex<(outcome: Result<TransportResponse, ExchangeError>?, waiter: CheckedContinuation<Result<TransportResponse, ExchangeError>, Never>?)>((nil, nil))

    /// Settles the outcome unless it is already settled; true if this call settled it.
    @discardableResult
    func finish(_ outcome: Result<TransportResponse, ExchangeError>) -> Bool {
        let (settled, waiter) = state.withLock { state -> (Bool, CheckedContinuation<Result<TransportResponse, ExchangeError>, Never>?) in
            guard state.outcome == nil else { return (false, nil) }
            state.outcome = outcome
            defer { state.waiter = nil }
            return (true, state.waiter)
        }
        waiter?.resume(returning: outcome)
        return settled
    }

    /// Waits for the outcome.
    func wait() async -> Result<TransportResponse, ExchangeError> {
        await withCheckedContinuation { continuation in
            let ready = state.withLock { state -> Result<TransportResponse, ExchangeError>? in
                if state.outcome == nil { state.waiter = continuation }
                return state.outcome
            }
            if let ready { continuation.resume(returning: ready) }
        }
    }
}

extension Duration {
    /// The duration in seconds, for APIs that take `TimeInterval`.
    var seconds: Double {
        Double(components.seconds) + Double(components.attoseconds) / 1e18
    }
}
