import APIClient

/// Every way an Alpaca call can fail. The API's refusals carry its `{"code","message"}` body
/// (a 401 has no code); transport failures are `APIClient`'s, as every client's are.
///
/// Descriptions name the endpoint and never contain a key.
public enum AlpacaError: Error, Hashable, Sendable, CustomStringConvertible {
    /// 401: no key, or a key id and secret the API does not accept.
    case unauthorized(endpoint: String, message: String)
    /// 403: refused for the account, e.g. code 40310000 "insufficient buying power".
    case forbidden(endpoint: String, code: Int?, message: String)
    /// 404: no such order, asset or position (code 40410000).
    case notFound(endpoint: String, code: Int?, message: String)
    /// 422 (or 400): a request the API will not carry out: validation (40010001, e.g. a
    /// duplicate `client_order_id`), an order that is not cancelable or an asset not tradable
    /// (42210000).
    case unprocessable(endpoint: String, code: Int?, message: String)
    /// 429: over the account's rate limit; `resetAt` is `X-Ratelimit-Reset` (epoch seconds).
    case rateLimited(endpoint: String, resetAt: Int64?, message: String)
    /// 5xx, or another status the API gives no meaning to; `message` quotes the body.
    case server(endpoint: String, status: Int, message: String)
    /// The request did not complete: a time-out, a refused or lost connection, TLS, an unusable
    /// base URL.
    case transport(TransportError)
    /// The body was not the JSON the call promises; says which field and why.
    case undecodable(endpoint: String, reason: String)
    /// A placement was sent and no answer came back, and looking it up by its client order id
    /// did not settle it either: the order may exist.
    case outcomeUnknown(clientOrderID: String, cause: String)

    /// The API's code for "client_order_id must be unique" and other validation failures.
    public static let validationCode = 40010001
    /// The API's code for "insufficient buying power".
    public static let buyingPowerCode = 40310000

    /// Whether this is the refusal of a placement whose `client_order_id` is already taken: the
    /// order exists, so the placement is settled by looking it up.
    public var isDuplicateClientOrderID: Bool {
        guard case .unprocessable(_, _, let message) = self else { return false }
        return message.contains("client_order_id")
    }

    /// Whether a retry might succeed: transport failures the client retries, 5xx, and 429 once
    /// its reset has passed.
    public var isTransient: Bool {
        switch self {
        case .transport(let error): return error.isTransient
        case .server(_, let status, _): return status >= 500
        case .rateLimited: return true
        default: return false
        }
    }

    /// Whether the request may have reached the API and taken effect although no answer came.
    public var mayHaveReachedServer: Bool {
        if case .transport(let error) = self { return error.mayHaveReachedServer }
        return false
    }

    public var description: String {
        switch self {
        case .unauthorized(let endpoint, let message): return "\(endpoint): unauthorized: \(message)"
        case .forbidden(let endpoint, let code, let message): return "\(endpoint): forbidden\(Self.code(code)): \(message)"
        case .notFound(let endpoint, let code, let message): return "\(endpoint): not found\(Self.code(code)): \(message)"
        case .unprocessable(let endpoint, let code, let message): return "\(endpoint): refused\(Self.code(code)): \(message)"
        case .rateLimited(let endpoint, let resetAt, let message):
            return "\(endpoint): rate limited\(resetAt.map { " until \($0)" } ?? ""): \(message)"
        case .server(let endpoint, let status, let message): return "\(endpoint): HTTP \(status): \(message)"
        case .transport(let error): return error.description
        case .undecodable(let endpoint, let reason): return "\(endpoint): undecodable response: \(reason)"
        case .outcomeUnknown(let id, let cause): return "order \(id): outcome unknown: \(cause)"
        }
    }

    private static func code(_ code: Int?) -> String { code.map { " (code \($0))" } ?? "" }
}
