/// A close frame's payload (RFC 6455, 5.5.1): an optional code, then a UTF-8 reason.
public struct WebSocketCloseFrame: Equatable, Sendable {
    /// The code; nil when the payload was empty (read as 1005, no status).
    public var code: WebSocketCloseCode?
    public var reason: String

    /// Reads a close frame's payload: one byte, a code no peer may send, or a reason that is not
    /// UTF-8 is a failure (1002, 1002, 1007).
    public static func parse(_ payload: [UInt8]) -> Result<WebSocketCloseFrame, WebSocketFailure> {
        if payload.isEmpty { return .success(WebSocketCloseFrame(code: nil, reason: "")) }
        guard payload.count >= 2 else { return .failure(.protocolError("a close frame of one byte")) }
        let code = WebSocketCloseCode(rawValue: UInt16(payload[0]) << 8 | UInt16(payload[1]))
        guard code.mayBeSent else { return .failure(.protocolError("close code \(code.rawValue) may not be sent")) }
        guard let reason = String(validating: payload[2...], as: UTF8.self) else {
            return .failure(WebSocketFailure(.invalidData, "a close reason that is not UTF-8"))
        }
        return .success(WebSocketCloseFrame(code: code, reason: reason))
    }
}
