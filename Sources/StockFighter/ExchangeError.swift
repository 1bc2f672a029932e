import StrategyKit

/// Every way an exchange call can fail. A refusal by the exchange is `rejected`; the other
/// cases are failures of the network, the server or the response.
///
/// Descriptions never contain the API key.
public enum ExchangeError: Error, Hashable, Sendable, CustomStringConvertible {
    /// No complete answer arrived within the time allowed; names the call and the bound.
    case timedOut(String)
    /// The connection could not be opened (refused, unreachable, name not resolved) or broke
    /// before the request was fully written: the server cannot have acted on it.
    case couldNotConnect(String)
    /// The connection broke before a complete response was read.
    case connectionLost(String)
    /// The server answered with an error status the API does not give a meaning to (5xx, 429,
    /// or a non-JSON error page, whose start is quoted in `message`).
    case httpStatus(Int, message: String)
    /// The exchange refused the call (`ok: false`, under status 200 or 400): a value to act on,
    /// not an infrastructure failure.
    case rejected(status: Int, message: String)
    /// 401 or 403: no key, a wrong key, or an account the key does not own.
    case unauthorized(message: String)
    /// 404: unknown venue, stock or order id.
    case notFound(message: String)
    /// The body was not the JSON the call promises; says what was wrong and where.
    case undecodable(String)
    /// A place-order request was sent but no answer came back: the order may or may not exist.
    /// `CommandInvoker.resolve(_:)` looks it up before anyone decides it failed.
    case outcomeUnknown(UnknownPlacement)
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

    /// Whether a retry might succeed: transport failures and server-side (5xx) errors.
    public var isTransient: Bool {
        switch self {
        case .timedOut, .couldNotConnect, .connectionLost, .tlsHandshakeFailed: return true
        case .httpStatus(let status, _): return status >= 500
        case .rejected, .unauthorized, .notFound, .undecodable, .outcomeUnknown, .invalidBaseURL, .certificateRejected, .tlsSetupFailed:
            return false
        }
    }

    /// Whether a request that failed this way may have reached the server and taken effect.
    public var mayHaveReachedServer: Bool {
        switch self {
        case .timedOut, .connectionLost: return true
        default: return false
        }
    }

    /// Whether a placement that failed this way may have created the order: it may have
    /// reached the exchange and no refusal came back. A 5xx may come from a gateway after the
    /// exchange acted; a 2xx answer that cannot be read is an order all the same.
    public var mayHavePlaced: Bool {
        switch self {
        case .undecodable: return true
        case .httpStatus(let status, _): return status >= 500
        default: return mayHaveReachedServer
        }
    }

    public var description: String {
        switch self {
        case .timedOut(let what): return "timed out: \(what)"
        case .couldNotConnect(let what): return "could not connect: \(what)"
        case .connectionLost(let what): return "connection lost: \(what)"
        case .httpStatus(let status, let message): return "HTTP \(status): \(message)"
        case .rejected(let status, let message): return "rejected by the exchange (HTTP \(status)): \(message)"
        case .unauthorized(let message): return "unauthorized: \(message)"
        case .notFound(let message): return "not found: \(message)"
        case .undecodable(let what): return "undecodable response: \(what)"
        case .outcomeUnknown(let placement): return "outcome unknown: \(placement)"
        case .invalidBaseURL(let what): return "invalid base URL: \(what)"
        case .tlsHandshakeFailed(let what): return "TLS handshake failed: \(what)"
        case .certificateRejected(let what): return "certificate rejected: \(what)"
        case .tlsSetupFailed(let what): return "TLS setup failed: \(what)"
        }
    }
}
