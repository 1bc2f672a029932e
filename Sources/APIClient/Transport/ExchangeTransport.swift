/// Carries one request to an API's server and brings back the status, headers and body.
///
/// A transport reports only transport failures: `timedOut` (no complete response within the
/// request's timeout), `couldNotConnect` (nothing was sent) and `connectionLost`. Any HTTP status
/// is a response, not an error. Implementations must be safe to call concurrently.
public protocol ExchangeTransport: Sendable {
    /// Sends `request` and returns the complete response, or throws within about
    /// `request.timeout`.
    func send(_ request: TransportRequest) async throws(TransportError) -> TransportResponse
}

/// One HTTP request as an invoker hands it to a transport.
public struct TransportRequest: Sendable, Hashable, CustomStringConvertible {
    public var method: HTTPMethod
    /// The full path including the base path, e.g. `/ob/api/heartbeat`.
    public var path: String
    /// The JSON body, empty for none.
    public var body: [UInt8]
    /// The key for `X-Starfighter-Authorization`, if the call carries one.
    public var apiKey: APIKey?
    /// Further header fields by name, for APIs that authenticate otherwise (Alpaca's key id and
    /// secret); their values are keys and never described.
    public var credentials: [String: APIKey]
    /// Further header fields by name that are no secret (EDGAR's `User-Agent` and
    /// `Accept-Encoding`).
    public var headers: [String: String]
    /// How long the whole exchange (connect, send, receive) may take.
    public var timeout: Duration

    public init(
        method: HTTPMethod, path: String, body: [UInt8] = [], apiKey: APIKey? = nil, credentials: [String: APIKey] = [:],
        headers: [String: String] = [:], timeout: Duration
    ) {
        self.method = method
        self.path = path
        self.body = body
        self.apiKey = apiKey
        self.credentials = credentials
        self.headers = headers
        self.timeout = timeout
    }

    /// The name of the authorization header.
    public static let authorizationHeader = "X-Starfighter-Authorization"

    /// Method and path; never the key.
    public var description: String { "\(method.rawValue) \(path)" }
}

/// A complete HTTP response.
public struct TransportResponse: Sendable, Hashable {
    public var status: Int
    public var body: [UInt8]
    /// The header fields an API reads (such as Alpaca's `X-Ratelimit-Reset`), by lower-case
    /// name; the last field of a name wins.
    public var headers: [String: String]

    public init(status: Int, body: [UInt8], headers: [String: String] = [:]) {
        self.status = status
        self.body = body
        self.headers = headers
    }
}
