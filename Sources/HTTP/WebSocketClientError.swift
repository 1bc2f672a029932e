/// Why a WebSocket client could not connect.
public enum WebSocketClientError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Connecting, the TLS handshake or the upgrade exchange failed (the HTTP part's error).
    case http(HTTPError)
    /// The server answered the upgrade with another status than 101 (status, reason, body text).
    case refused(status: Int, reason: String, body: String)
    /// The 101 lacked `Upgrade: websocket` or `Connection: Upgrade`, or its
    /// `Sec-WebSocket-Accept` does not match the key sent (what is wrong).
    case invalidUpgrade(String)

    public var description: String {
        switch self {
        case .http(let error): "\(error)"
        case let .refused(status, reason, body): "WebSocket upgrade refused: \(status) \(reason)\(body.isEmpty ? "" : ": \(body)")"
        case .invalidUpgrade(let what): "invalid WebSocket upgrade answer: \(what)"
        }
    }
}
