/// A close frame's status code (RFC 6455, 7.4).
public struct WebSocketCloseCode: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    public let rawValue: UInt16

    public init(rawValue: UInt16) { self.rawValue = rawValue }

    /// 1000: the purpose of the connection is fulfilled.
    public static let normal = WebSocketCloseCode(rawValue: 1000)
    /// 1001: the endpoint is going away (a server stopping, a peer gone silent).
    public static let goingAway = WebSocketCloseCode(rawValue: 1001)
    /// 1002: the peer broke the protocol.
    public static let protocolError = WebSocketCloseCode(rawValue: 1002)
    /// 1003: a kind of data the endpoint does not accept.
    public static let unsupportedData = WebSocketCloseCode(rawValue: 1003)
    /// 1005: no code was in the close frame (never sent).
    public static let noStatus = WebSocketCloseCode(rawValue: 1005)
    /// 1006: the connection ended without a close frame (never sent).
    public static let abnormal = WebSocketCloseCode(rawValue: 1006)
    /// 1007: a text message (or close reason) that is not UTF-8.
    public static let invalidData = WebSocketCloseCode(rawValue: 1007)
    /// 1008: a policy was violated (here: a reader too slow for its queue).
    public static let policyViolation = WebSocketCloseCode(rawValue: 1008)
    /// 1009: a message larger than the endpoint accepts.
    public static let tooBig = WebSocketCloseCode(rawValue: 1009)
    /// 1011: the server met an unexpected condition.
    public static let internalError = WebSocketCloseCode(rawValue: 1011)
    /// 1013: try again later.
    public static let tryAgainLater = WebSocketCloseCode(rawValue: 1013)

    /// Whether a peer may send this code in a close frame: 1000–1003, 1007–1014, 3000–4999.
    /// 1004–1006, 1015 and the other unassigned codes below 3000 are refused with 1002.
    public var mayBeSent: Bool {
        switch rawValue {
        case 1000...1003, 1007...1014, 3000...4999: true
        default: false
        }
    }

    public var description: String { String(rawValue) }
}
