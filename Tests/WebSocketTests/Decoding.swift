import WebSocket

/// What feeding bytes to a decoder gave: the events, and the failure if any.
struct Decoded {
    var events: [WebSocketEvent] = []
    var failure: WebSocketFailure?
}

extension WebSocketDecoder {
    /// Feeds `bytes` in pieces of `piece` bytes (all at once by default).
    mutating func decode(_ bytes: [UInt8], piece: Int = .max) -> Decoded {
        var decoded = Decoded()
        var start = 0
        repeat {
            let end = min(bytes.count, start + max(1, min(piece, bytes.count)))
            decoded.failure = bytes[start..<end].withUnsafeBytes { feed($0) { decoded.events.append($0) } }
            start = end
        } while start < bytes.count && decoded.failure == nil
        return decoded
    }
}

/// A frame's bytes written out by hand: first byte, then the second byte's length field and
/// what follows, as a hostile peer would send them.
func rawFrame(_ first: UInt8, mask: WebSocketMask?, payload: [UInt8]) -> [UInt8] {
    var bytes: [UInt8] = []
    let opcode = WebSocketOpcode(rawValue: first & 0x0F) ?? .binary
    // Encoding with a control opcode and a long payload would trap; encode as binary, then fix
    // the first byte.
    WebSocketFrame.encode(opcode.isControl ? .binary : opcode, payload: payload, mask: mask, into: &bytes)
    bytes[0] = first
    return bytes
}

let testMask = WebSocketMask(0x37, 0xfa, 0x21, 0x3d)
