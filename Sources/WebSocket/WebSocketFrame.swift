/// Writes frames (RFC 6455, 5.2) into a caller's buffer: the header, then the payload copied
/// once and, for a client, masked in place.
public enum WebSocketFrame {
    /// The most bytes a frame's header takes: 2, 8 of extended length, 4 of mask.
    public static let maxHeaderSize = 14

    /// Appends one frame of `opcode` carrying `payload` to `buffer`: masked with `mask` (a
    /// client's frames) or unmasked (nil: a server's). `fin` false leaves a message unfinished
    /// for continuation frames to complete. Control frames must be final and at most 125 bytes.
    public static func encode(
        _ opcode: WebSocketOpcode, payload: UnsafeRawBufferPointer, fin: Bool = true, mask: WebSocketMask?, into buffer: inout [UInt8]
    ) {
        precondition(!opcode.isControl || (fin && payload.count <= 125), "a control frame is final and at most 125 bytes")
        buffer.reserveCapacity(buffer.count + maxHeaderSize + payload.count)
        buffer.append((fin ? 0x80 : 0) | opcode.rawValue)
        let maskBit: UInt8 = mask == nil ? 0 : 0x80
        let count = payload.count
        if count <= 125 {
            buffer.append(maskBit | UInt8(count))
        } else if count <= 0xFFFF {
            buffer.append(maskBit | 126)
            buffer.append(UInt8(count >> 8))
            buffer.append(UInt8(truncatingIfNeeded: count))
        } else {
            buffer.append(maskBit | 127)
            for shift in stride(from: 56, through: 0, by: -8) { buffer.append(UInt8(truncatingIfNeeded: UInt64(count) >> UInt64(shift))) }
        }
        if let mask {
            buffer.append(mask.key.0)
            buffer.append(mask.key.1)
            buffer.append(mask.key.2)
            buffer.append(mask.key.3)
        }
        let start = buffer.count
        buffer.append(contentsOf: payload)
        if let mask, count > 0 {
            buffer.withUnsafeMutableBytes { mask.apply(to: UnsafeMutableRawBufferPointer(rebasing: $0[start...]), offset: 0) }
        }
    }

    /// Appends a frame carrying `payload` (see the raw-buffer form).
    public static func encode(_ opcode: WebSocketOpcode, payload: [UInt8], fin: Bool = true, mask: WebSocketMask?, into buffer: inout [UInt8]) {
        payload.withUnsafeBytes { encode(opcode, payload: $0, fin: fin, mask: mask, into: &buffer) }
    }

    /// Appends a text frame carrying `text`'s UTF-8.
    public static func encode(text: String, mask: WebSocketMask?, into buffer: inout [UInt8]) {
        var text = text
        text.withUTF8 { encode(.text, payload: UnsafeRawBufferPointer($0), mask: mask, into: &buffer) }
    }

    /// Appends a close frame with `code` and `reason` (cut at a character boundary so the
    /// payload stays within 125 bytes).
    public static func encodeClose(_ code: WebSocketCloseCode, reason: String, mask: WebSocketMask?, into buffer: inout [UInt8]) {
        var payload: [UInt8] = [UInt8(code.rawValue >> 8), UInt8(truncatingIfNeeded: code.rawValue)]
        var room = 123
        for character in reason {
            let utf8 = character.utf8
            guard utf8.count <= room else { break }
            payload.append(contentsOf: utf8)
            room -= utf8.count
        }
        encode(.close, payload: payload, mask: mask, into: &buffer)
    }
}
