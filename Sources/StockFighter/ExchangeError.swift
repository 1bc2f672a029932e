import APIClient
import StrategyKit

/// Every way an exchange call can fail. A refusal by the exchange is `rejected`; the other
/// cases are failures of the network (`transport`), the server or the response.
///
/// Descriptions never contain the API key.
public enum ExchangeError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The request did not complete: a time-out, a refused or lost connection, TLS, an unusable
    /// base URL.
    case transport(TransportError)
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

    /// Whether a retry might succeed: transport failures and server-side (5xx) errors.
    public var isTransient: Bool {
        switch self {
        case .transport(let error): return error.isTransient
        case .httpStatus(let status, _): return status >= 500
        case .rejected, .unauthorized, .notFound, .undecodable, .outcomeUnknown: return false
        }
    }

    /// Whether a request that failed this way may have reached the server and taken effect.
    public var mayHaveReachedServer: Bool {
        if case .transport(let error) = self { return error.mayHaveReachedServer }
        return false
    }

    /// Whether a placement that failed this way may have created the order: it may have
    /// reached the exchange and no refusal came back. A 5xx may come from a gateway after the
    /// exchange acted; a 2xx answer that cannot be read is an order all the same.
    public var mayHavePlaced: Bool {
        switch self {
        case .undecodable, .transport(.responseTooLarge): return true
        case .httpStatus(let status, _): return status >= 500
        default: return mayHaveReachedServer
        }
    }

    public var description: String {
        switch self {
        case .transport(let error): return error.description
        case .httpStatus(let status, let message): return "HTTP \(status): \(message)"
        case .rejected(let status, let message): return "rejected by the exchange (HTTP \(status)): \(message)"
        case .unauthorized(let message): return "unauthorized: \(message)"
        case .notFound(let message): return "not found: \(message)"
        case .undecodable(let what): return "undecodable response: \(what)"
        case .outcomeUnknown(let placement): return "outcome unknown: \(placement)"
        }
    }
}
