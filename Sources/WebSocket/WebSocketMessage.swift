/// A whole data message, its fragments assembled: text (checked to be UTF-8) or binary.
public enum WebSocketMessage: Equatable, Sendable {
    case text(String)
    case binary([UInt8])

    /// The message's bytes: a text message's UTF-8.
    public var bytes: [UInt8] {
        switch self {
        case .text(let text): Array(text.utf8)
        case .binary(let bytes): bytes
        }
    }
}
