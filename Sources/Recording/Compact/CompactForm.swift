/// The compact form's framing, shared by its writer and reader (see RECORDINGS.md, "Compact"):
/// a record is a kind byte, its body's length as a varint, the body, and a check value of all
/// of that. Books are key frames (the whole book) or deltas against the previous book of the
/// same venue and symbol (a "stream"); a key frame comes at least every `keyFrameInterval`
/// books of a stream, so that reading can start, and resume after a damaged record, there.
enum CompactForm {
    /// A whole book, with its stream's names.
    static let keyFrame: UInt8 = 1
    /// Any other record, as its JSON Lines text without the newline.
    static let json: UInt8 = 2
    /// A book as the changes from the previous book of its stream.
    static let delta: UInt8 = 3

    /// At most this many books of a stream follow one another without a key frame.
    static let keyFrameInterval = 1_000
    /// The longest body a reader accepts: a longer length field is damage, not a record.
    static let maxBodyLength = 1 << 30

    /// The edits a delta applies to the previous side, in a varint `count << 2 | code`.
    enum Edit: UInt8 {
        /// The next `count` entries of the previous side, as they were.
        case keep = 0
        /// The next `count` entries of the previous side are gone.
        case drop = 1
        /// The next `count` entries of the previous side at their prices, each with a new
        /// quantity (a varint) following.
        case requantity = 2
        /// `count` new entries, each a price (a zigzag varint, the difference from the price
        /// before it) and a quantity (a varint) following.
        case insert = 3
    }

    /// The check value of a record's bytes: 64-bit little-endian words folded into a running
    /// state by a multiply and a rotation (each step a bijection of the state, so that a change
    /// within one word always changes the state), the last one to seven bytes as one word padded
    /// with zeros, the length folded in, the state folded to 32 bits. Eight bytes a step rather
    /// than the ledger's byte-wise FNV-1a, because it runs on every book read.
    @inline(__always)
    static func checksum(_ bytes: UnsafeRawBufferPointer) -> UInt32 {
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

    @inline(__always)
    private static func rotate(_ value: UInt64) -> UInt64 { value << 29 | value >> 35 }

    /// Appends `value` as a LEB128 varint: seven bits a byte, low first, the high bit set on
    /// every byte but the last.
    @inline(__always)
    static func appendVarint(_ value: UInt64, to bytes: inout [UInt8]) {
        var rest = value
        while rest >= 0x80 {
            bytes.append(UInt8(truncatingIfNeeded: rest) | 0x80)
            rest >>= 7
        }
        bytes.append(UInt8(rest))
    }

    /// Appends a signed value as a zigzag varint (0, -1, 1, -2, ... as 0, 1, 2, 3, ...).
    @inline(__always)
    static func appendSigned(_ value: Int64, to bytes: inout [UInt8]) {
        appendVarint(UInt64(bitPattern: (value << 1) ^ (value >> 63)), to: &bytes)
    }

    /// The signed value of a zigzag varint.
    @inline(__always)
    static func signed(_ zigzag: UInt64) -> Int64 {
        Int64(bitPattern: zigzag >> 1) ^ -Int64(bitPattern: zigzag & 1)
    }
}
