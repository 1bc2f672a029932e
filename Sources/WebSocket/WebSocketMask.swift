/// A client frame's 4-byte masking key (RFC 6455, 5.3), applied eight bytes at a time.
public struct WebSocketMask: Sendable, Equatable {
    /// The key's bytes in wire order, as a little-endian word's memory holds them.
    public let key: (UInt8, UInt8, UInt8, UInt8)

    public init(_ k0: UInt8, _ k1: UInt8, _ k2: UInt8, _ k3: UInt8) {
        key = (k0, k1, k2, k3)
    }

    /// A key from the system's random source, as RFC 6455 asks of every client frame.
    public static func random() -> WebSocketMask {
        var generator = SystemRandomNumberGenerator()
        let word = generator.next() as UInt32
        return WebSocketMask(UInt8(truncatingIfNeeded: word), UInt8(truncatingIfNeeded: word >> 8), UInt8(truncatingIfNeeded: word >> 16), UInt8(truncatingIfNeeded: word >> 24))
    }

    public static func == (lhs: WebSocketMask, rhs: WebSocketMask) -> Bool {
        lhs.key.0 == rhs.key.0 && lhs.key.1 == rhs.key.1 && lhs.key.2 == rhs.key.2 && lhs.key.3 == rhs.key.3
    }

    /// The key's byte at `index` (0...3).
    func byte(_ index: Int) -> UInt8 {
        switch index & 3 {
        case 0: key.0
        case 1: key.1
        case 2: key.2
        default: key.3
        }
    }

    /// XORs `buffer` in place with the key, the buffer's first byte being the payload's byte
    /// number `offset` (so that a payload arriving in pieces is unmasked piece by piece).
    public func apply(to buffer: UnsafeMutableRawBufferPointer, offset: Int) {
        guard let base = buffer.baseAddress else { return }
        let count = buffer.count
        // The key rotated to `offset`, twice over, as eight bytes of memory.
        var rotated: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) = (
            byte(offset), byte(offset + 1), byte(offset + 2), byte(offset + 3),
            byte(offset), byte(offset + 1), byte(offset + 2), byte(offset + 3)
        )
        let word = withUnsafeBytes(of: &rotated) { $0.loadUnaligned(as: UInt64.self) }
        var index = 0
        while index + 32 <= count {
            for step in stride(from: 0, to: 32, by: 8) {
                let value = base.loadUnaligned(fromByteOffset: index + step, as: UInt64.self)
                base.storeBytes(of: value ^ word, toByteOffset: index + step, as: UInt64.self)
            }
            index += 32
        }
        while index + 8 <= count {
            let value = base.loadUnaligned(fromByteOffset: index, as: UInt64.self)
            base.storeBytes(of: value ^ word, toByteOffset: index, as: UInt64.self)
            index += 8
        }
        while index < count {
            let value = base.load(fromByteOffset: index, as: UInt8.self)
            base.storeBytes(of: value ^ byte(offset + index), toByteOffset: index, as: UInt8.self)
            index += 1
        }
    }
}
