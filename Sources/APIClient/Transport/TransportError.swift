/// Every way a transport can fail to carry a request and bring back a complete response. Any
/// HTTP status is a response, not one of these; each API's client wraps them in its own error
/// (`ExchangeError.transport`, `AlpacaError.transport`).
///
/// Descriptions name the request (method and path) and never contain a key.
public enum TransportError: Error, Hashable, Sendable, CustomStringConvertible {
    /// No complete answer arrived within the time allowed; names the call and the bound.
    case timedOut(String)
    /// The connection could not be opened (refused, unreachable, name not resolved) or broke
    /// before the request was fully written: the server cannot have acted on it.
    case couldNotConnect(String)
    /// The connection broke before a complete response was read.
    case connectionLost(String)
    /// The response passed the client's size limits and was not read (a placement's client
    /// counts it as an unreadable answer: the order may exist).
    case responseTooLarge(String)
    /// The configured base URL cannot be used (not `http://` or `https://`, or malformed).
    case invalidBaseURL(String)
    /// The TLS handshake failed (the server speaks no TLS 1.2+, shares no cipher, or closed
    /// during it): the request was certainly not sent.
    case tlsHandshakeFailed(String)
    /// The server's certificate was refused (an unknown certificate authority, another host's
    /// name, expired): the request was certainly not sent.
    case certificateRejected(String)
    /// TLS cannot be set up with the given settings (a CA file that cannot be read or holds no
    /// certificate).
    case tlsSetupFailed(String)

    /// Whether a retry might succeed: a time-out, a connection that failed or broke, a handshake
    /// that failed.
    public var isTransient: Bool {
        switch self {
        case .timedOut, .couldNotConnect, .connectionLost, .tlsHandshakeFailed: return true
        case .responseTooLarge, .invalidBaseURL, .certificateRejected, .tlsSetupFailed: return false
        }
    }

    /// Whether a request that failed this way may have reached the server and taken effect
    /// although no answer came.
    public var mayHaveReachedServer: Bool {
        switch self {
        case .timedOut, .connectionLost: return true
        default: return false
        }
    }

    public var description: String {
        switch self {
        case .timedOut(let what): return "timed out: \(what)"
        case .couldNotConnect(let what): return "could not connect: \(what)"
        case .connectionLost(let what): return "connection lost: \(what)"
        case .responseTooLarge(let what): return "undecodable response: \(what)"
        case .invalidBaseURL(let what): return "invalid base URL: \(what)"
        case .tlsHandshakeFailed(let what): return "TLS handshake failed: \(what)"
        case .certificateRejected(let what): return "certificate rejected: \(what)"
        case .tlsSetupFailed(let what): return "TLS setup failed: \(what)"
        }
    }
}
