/// Everything that can go wrong in the HTTP part: listening, connecting, and exchanging messages.
public enum HTTPError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The host could not be resolved or the address is not usable (`host:port`, why).
    case invalidAddress(String, reason: String)
    /// The server could not bind or listen on the address (`host:port`, the system's reason).
    case couldNotListen(String, reason: String)
    /// No connection could be made to the address (`host:port`, the system's reason); nothing
    /// was sent.
    case couldNotConnect(String, reason: String)
    /// The operation did not complete in time; `requestSent` says whether the whole request had
    /// been written, so that the server may have acted on it.
    case timedOut(requestSent: Bool)
    /// The peer closed or reset the connection before the response was complete; `requestSent`
    /// says whether the whole request had been written.
    case connectionLost(requestSent: Bool)
    /// The peer's bytes are not a valid HTTP/1.x response (what is wrong).
    case malformedResponse(String)
    /// The response exceeds the configured limit (in bytes) for its head or body.
    case tooLarge(limit: Int)
    /// The TLS handshake with the server failed (`host:port`, OpenSSL's reason: no common
    /// protocol version or cipher, not a TLS server, closed during the handshake); nothing was
    /// sent.
    case tlsHandshakeFailed(String, reason: String)
    /// The server's certificate failed verification (`host:port`, OpenSSL's reason: an unknown
    /// certificate authority, another host's name, expired); nothing was sent.
    case certificateRejected(String, reason: String)
    /// TLS could not be set up on this side (why: an unreadable CA file, OpenSSL out of memory).
    case tlsSetupFailed(String)

    public var description: String {
        switch self {
        case let .invalidAddress(address, reason): "invalid address \(address): \(reason)"
        case let .couldNotListen(address, reason): "could not listen on \(address): \(reason)"
        case let .couldNotConnect(address, reason): "could not connect to \(address): \(reason)"
        case let .timedOut(sent): "timed out (\(sent ? "after" : "before") the request was fully sent)"
        case let .connectionLost(sent):
            "connection lost (\(sent ? "after" : "before") the request was fully sent)"
        case let .malformedResponse(what): "malformed HTTP response: \(what)"
        case let .tooLarge(limit): "HTTP response larger than \(limit) bytes"
        case let .tlsHandshakeFailed(address, reason): "TLS handshake with \(address) failed: \(reason)"
        case let .certificateRejected(address, reason): "certificate of \(address) rejected: \(reason)"
        case let .tlsSetupFailed(reason): "cannot set up TLS: \(reason)"
        }
    }
}
