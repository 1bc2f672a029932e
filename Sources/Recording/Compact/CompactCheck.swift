import CZlib

/// The check value that closes every compact record, computed over its kind, its length field
/// and its body; the file's version says which (see RECORDINGS.md, "Compact"). The writer writes
/// CRC-32; the form's first check value is read, never written, so that older files still read.
enum CompactCheck {
    /// Version 4 on: CRC-32 as zlib computes it (`crc32`, the check value of gzip and PNG), which
    /// any tool recomputes and which catches every burst of damage up to 32 bits long.
    case crc32
    /// Version 3: a check value of the form's own (see `version3(_:)`).
    case version3

    /// The check of a compact file of `version`; nil for a version that is not the compact form's.
    init?(version: Int) {
        switch version {
        case 4...RecordingHeader.compactVersion: self = .crc32
        case 3: self = .version3
        default: return nil
        }
    }

    /// The check value of `bytes`.
    @inline(__always)
    func value(of bytes: UnsafeRawBufferPointer) -> UInt32 {
        switch self {
        case .crc32: Self.crc32(bytes)
        case .version3: Self.version3(bytes)
        }
    }

    /// zlib's CRC-32 of `bytes` (a record is at most `CompactForm.maxBodyLength` and a few bytes,
    /// so its length fits zlib's `uInt`).
    @inline(__always)
    static func crc32(_ bytes: UnsafeRawBufferPointer) -> UInt32 {
        UInt32(truncatingIfNeeded: CZlib.crc32(0, bytes.baseAddress?.assumingMemoryBound(to: Bytef.self), uInt(bytes.count)))
    }

    /// Version 3's check value: 64-bit little-endian words folded into a running state by a
    /// multiply and a rotation (each step a bijection of the state, so that a change within one
    /// word always changes the state), the last one to seven bytes as one word padded with
    /// zeros, the length folded in, the state folded to 32 bits.
    static func version3(_ bytes: UnsafeRawBufferPointer) -> UInt32 {
        var state: UInt64 = 0xCBF2_9CE4_8422_2325
        let prime: UInt64 = 0x0000_0100_0000_01B3
        var index = 0
        while bytes.count - index >= 8 {
            let word = UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: index, as: UInt64.self))
            state = rotate((state ^ word) &* prime)
            index += 8
        }
        if index < bytes.count {
            let tailLength = bytes.count - index
            var tail: UInt64 = 0
            if bytes.count >= 8 {
                // The last eight bytes in one load, the ones already folded in shifted out.
                tail = UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: bytes.count - 8, as: UInt64.self)) >> (64 - 8 * tailLength)
            } else {
                for offset in 0..<tailLength { tail |= UInt64(bytes[index + offset]) << (8 * offset) }
            }
            state = rotate((state ^ tail) &* prime)
        }
        state = (state ^ UInt64(bytes.count)) &* prime
        return UInt32(truncatingIfNeeded: state ^ (state >> 32))
    }

    private static func rotate(_ value: UInt64) -> UInt64 { value << 29 | value >> 35 }
}
