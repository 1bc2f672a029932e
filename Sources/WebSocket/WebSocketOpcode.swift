/// A frame's opcode (RFC 6455, 5.2): the data frames' and the control frames' kinds.
public enum WebSocketOpcode: UInt8, Sendable {
    case continuation = 0x0
    case text = 0x1
    case binary = 0x2
    case close = 0x8
    case ping = 0x9
    case pong = 0xA

    /// Whether this is a control frame (close, ping, pong): at most 125 bytes, never fragmented.
    public var isControl: Bool { rawValue & 0x8 != 0 }
}
