import Foundation
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
        let session = self.session
        let prepared = urlRequest
        let sent = try await Deadline.run(within: request.timeout, what: request.description) { () async -> Result<TransportResponse, ExchangeError> in
            do {
                let (data, response) = try await session.data(for: prepared)
                guard let http = response as? HTTPURLResponse else {
                    return .failure(.connectionLost("\(request): not an HTTP response"))
                }
                return .success(TransportResponse(status: http.statusCode, body: [UInt8](data)))
            } catch let error as URLError {
                return .failure(Self.map(error, request))
            } catch {
                return .failure(.connectionLost("\(request): \(error)"))
            }
        }
        return try sent.get()
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

extension Duration {
    /// The duration in seconds, for APIs that take `TimeInterval`.
    var seconds: Double {
        Double(components.seconds) + Double(components.attoseconds) / 1e18
    }
}
