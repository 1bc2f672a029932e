import APIClient

/// Every way an EDGAR call can fail. Descriptions name the call (or the ticker) and say why,
/// in one line.
public enum EdgarError: Error, Hashable, Sendable, CustomStringConvertible {
    /// No usable `User-Agent`: EDGAR refuses anonymous clients, so nothing is sent. Says why.
    case userAgentRequired(String)
    /// The company list does not hold this ticker.
    case notListed(ticker: String)
    /// 404: no such document, e.g. a concept the company does not report.
    case notFound(call: String)
    /// 403: EDGAR refuses the client (a `User-Agent` it does not accept, or an address over its
    /// limit); not retried.
    case forbidden(call: String, message: String)
    /// 429 or 503 after the retries the policy allows; `retryAfter` is the last `Retry-After`
    /// in seconds.
    case rateLimited(call: String, status: Int, retryAfter: Int64?)
    /// Another 5xx, or a status EDGAR gives no meaning to; `message` quotes the body's start.
    case server(call: String, status: Int, message: String)
    /// The request did not complete: a time-out, a refused or lost connection, TLS, an unusable
    /// base URL.
    case transport(call: String, TransportError)
    /// The body was not what the call promises: not JSON of its shape, or a gzip body that
    /// does not inflate; says which field and why.
    case undecodable(call: String, reason: String)

    /// Whether a retry might succeed: transport failures the transport deems transient, 5xx,
    /// 429 and 503.
    public var isTransient: Bool {
        switch self {
        case .transport(_, let error): error.isTransient
        case .server(_, let status, _): status >= 500
        case .rateLimited: true
        default: false
        }
    }

    public var description: String {
        switch self {
        case .userAgentRequired(let reason): reason
        case .notListed(let ticker): "\(ticker): not in EDGAR's company list"
        case .notFound(let call): "\(call): not found (404)"
        case .forbidden(let call, let message): "\(call): forbidden (403): \(message)"
        case .rateLimited(let call, let status, let retryAfter):
            "\(call): rate limited (\(status))\(retryAfter.map { ", retry after \($0) s" } ?? "")"
        case .server(let call, let status, let message): "\(call): HTTP \(status): \(message)"
        case .transport(let call, let error): "\(call): \(error)"
        case .undecodable(let call, let reason): "\(call): undecodable response: \(reason)"
        }
    }
}
