/// Why a connection is to be closed: the code to send in the close frame and a reason (a short
/// sentence, sent as the close frame's reason, cut to fit). The connection that gets one sends
/// the close frame, then closes.
public struct WebSocketFailure: Error, Equatable, Sendable, CustomStringConvertible {
    public let code: WebSocketCloseCode
    public let reason: String

    public init(_ code: WebSocketCloseCode, _ reason: String) {
        self.code = code
        self.reason = reason
    }

    public var description: String { "\(code.rawValue) \(reason)" }

    static func protocolError(_ reason: String) -> WebSocketFailure { WebSocketFailure(.protocolError, reason) }
}
