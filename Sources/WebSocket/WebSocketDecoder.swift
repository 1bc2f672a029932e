/// Decodes the frames of one end of a connection (RFC 6455, 5) as their bytes arrive, and yields
/// whole messages and control frames.
///
/// `feed` takes whatever the socket gave, in any pieces; a frame's payload moves straight into
/// the message being assembled (unmasked in place), so nothing is held twice and nothing grows
/// past `maxMessageSize` plus a frame header. Fragments are assembled under the continuation
/// rules, with control frames allowed between them. Every breach of the protocol is a
/// `WebSocketFailure` (1002, 1007 or 1009, and why) that the connection acts on: it sends a close
/// frame with that code, then closes. After a failure or the peer's close frame the decoder
/// takes no more bytes.
public struct WebSocketDecoder: Sendable {
    /// The end decoded for: a server requires masked frames, a client unmasked ones.
    public let role: WebSocketRole
    /// The largest message accepted, in bytes, across its fragments; a larger one is refused
    /// with 1009 from its header's length, before any of it is held.
    public let maxMessageSize: Int

    /// The frame whose payload is arriving.
    private struct Frame {
        var opcode: WebSocketOpcode
        var fin: Bool
        var remaining: Int
        var mask: WebSocketMask?
        /// How many of the payload's bytes have arrived (the masking key's offset).
        var received = 0
    }

    private var header: [UInt8] = []
    private var frame: Frame?
    /// The data message being assembled, and its opcode while one is (text or binary).
    private var message: [UInt8] = []
    private var messageOpcode: WebSocketOpcode?
    /// The control frame's payload being assembled.
    private var control: [UInt8] = []
    private var finished: WebSocketFailure?
    private var closed = false

    public init(role: WebSocketRole, maxMessageSize: Int) {
        precondition(maxMessageSize > 0, "a WebSocket needs a positive message size")
        self.role = role
        self.maxMessageSize = maxMessageSize
        header.reserveCapacity(WebSocketFrame.maxHeaderSize)
    }

    /// Whether the peer's close frame has been decoded (nothing after it is read).
    public var receivedClose: Bool { closed }

    /// Decodes `bytes`, handing each message and control frame to `emit` in order; returns the
    /// failure that ends the connection, if the bytes broke the protocol (then and on every
    /// later call).
    public mutating func feed(_ bytes: UnsafeRawBufferPointer, _ emit: (WebSocketEvent) -> Void) -> WebSocketFailure? {
        var index = 0
        while index < bytes.count || frame?.remaining == 0 {
            if let finished { return finished }
            if closed { return nil }
            if frame == nil {
                index += takeHeader(UnsafeRawBufferPointer(rebasing: bytes[index...]))
                continue
            }
            let count = min(frame!.remaining, bytes.count - index)
            if count > 0 {
                let piece = UnsafeRawBufferPointer(rebasing: bytes[index..<index + count])
                if frame!.opcode.isControl {
                    Self.append(piece, to: &control, frame: &frame!)
                } else {
                    Self.append(piece, to: &message, frame: &frame!)
                }
                index += count
            }
            if frame!.remaining == 0 { finishFrame(emit) }
        }
        return finished
    }

    /// Appends a piece of the payload to `target`, unmasking it there.
    private static func append(_ piece: UnsafeRawBufferPointer, to target: inout [UInt8], frame: inout Frame) {
        let start = target.count
        target.append(contentsOf: piece)
        if let mask = frame.mask {
            let offset = frame.received
            target.withUnsafeMutableBytes { mask.apply(to: UnsafeMutableRawBufferPointer(rebasing: $0[start...]), offset: offset) }
        }
        frame.received += piece.count
        frame.remaining -= piece.count
    }

    /// Takes header bytes from `bytes` until the header is whole (then starts the frame);
    /// returns how many it took.
    private mutating func takeHeader(_ bytes: UnsafeRawBufferPointer) -> Int {
        var taken = 0
        while taken < bytes.count {
            header.append(bytes[taken])
            taken += 1
            guard let needed = headerSize(), header.count == needed else { continue }
            startFrame()
            header.removeAll(keepingCapacity: true)
            break
        }
        return taken
    }

    /// The whole header's size once its first two bytes are in.
    private func headerSize() -> Int? {
        guard header.count >= 2 else { return nil }
        let length = header[1] & 0x7F
        let extended = length == 126 ? 2 : length == 127 ? 8 : 0
        return 2 + extended + (header[1] & 0x80 != 0 ? 4 : 0)
    }

    private mutating func startFrame() {
        let fin = header[0] & 0x80 != 0
        guard header[0] & 0x70 == 0 else { return fail(.protocolError("reserved bits set without an extension")) }
        guard let opcode = WebSocketOpcode(rawValue: header[0] & 0x0F) else {
            return fail(.protocolError("unknown opcode \(header[0] & 0x0F)"))
        }
        let masked = header[1] & 0x80 != 0
        switch role {
        case .server where !masked: return fail(.protocolError("a client's frame must be masked"))
        case .client where masked: return fail(.protocolError("a server's frame must not be masked"))
        default: break
        }
        var length = UInt64(header[1] & 0x7F)
        var next = 2
        if length >= 126 {
            let extended = length == 126 ? 2 : 8
            length = 0
            for byte in header[2..<2 + extended] { length = length << 8 | UInt64(byte) }
            next += extended
            guard length < 1 << 63 else { return fail(.protocolError("a frame length of 2^63 or more")) }
        }
        let mask = masked ? WebSocketMask(header[next], header[next + 1], header[next + 2], header[next + 3]) : nil
        if opcode.isControl {
            guard fin else { return fail(.protocolError("a fragmented control frame")) }
            guard length <= 125 else { return fail(.protocolError("a control frame of more than 125 bytes")) }
            control.removeAll(keepingCapacity: true)
        } else if opcode == .continuation {
            guard messageOpcode != nil else { return fail(.protocolError("a continuation frame without a message to continue")) }
        } else {
            guard messageOpcode == nil else { return fail(.protocolError("a new data frame inside a fragmented message")) }
        }
        if !opcode.isControl {
            guard length <= UInt64(maxMessageSize - message.count) else {
                return fail(WebSocketFailure(.tooBig, "a message of more than \(maxMessageSize) bytes"))
            }
            if opcode != .continuation {
                messageOpcode = opcode
                message.reserveCapacity(Int(length))
            }
        }
        frame = Frame(opcode: opcode, fin: fin, remaining: Int(length), mask: mask)
    }

    private mutating func finishFrame(_ emit: (WebSocketEvent) -> Void) {
        let done = frame!
        frame = nil
        switch done.opcode {
        case .ping: emit(.ping(control))
        case .pong: emit(.pong(control))
        case .close:
            closed = true
            switch WebSocketCloseFrame.parse(control) {
            case .success(let close): emit(.close(close.code, close.reason))
            case .failure(let failure): fail(failure)
            }
        case .text, .binary, .continuation:
            guard done.fin, let opcode = messageOpcode else { return }
            let bytes = message
            message = []
            messageOpcode = nil
            if opcode == .binary { return emit(.message(.binary(bytes))) }
            guard let text = String(validating: bytes, as: UTF8.self) else {
                return fail(WebSocketFailure(.invalidData, "a text message that is not UTF-8"))
            }
            emit(.message(.text(text)))
        }
    }

    private mutating func fail(_ failure: WebSocketFailure) {
        finished = failure
        frame = nil
        message = []
        control = []
    }
}
