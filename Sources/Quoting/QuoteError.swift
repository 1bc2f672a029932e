/// Why a quote source could not answer. Every message names the endpoint at fault; none shows
/// a token.
public enum QuoteError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The base URL is not an `http://` or `https://` URL with a host.
    case invalidBaseURL(String)
    /// The source refused the token (401/403), with its own message.
    case unauthorized(endpoint: String, message: String)
    /// The source said to slow down (429); the source backs off before asking again.
    case rateLimited(endpoint: String)
    /// Any other non-2xx status, with the source's message.
    case refused(endpoint: String, status: Int, message: String)
    /// No answer: connection refused or lost, time-out, TLS failure.
    case transport(endpoint: String, reason: String)
    /// An answer that is not the shape the API documents.
    case malformed(endpoint: String, reason: String)

    public var description: String {
        switch self {
        case .invalidBaseURL(let reason): return "invalid base URL: \(reason)"
        case .unauthorized(let endpoint, let message): return "\(endpoint): unauthorized (\(message)); check the API key"
        case .rateLimited(let endpoint): return "\(endpoint): rate limit reached (429); backing off"
        case .refused(let endpoint, let status, let message): return "\(endpoint): HTTP \(status): \(message)"
        case .transport(let endpoint, let reason): return "\(endpoint): \(reason)"
        case .malformed(let endpoint, let reason): return "\(endpoint): unexpected response: \(reason)"
        }
    }
}
