/// The compact form's framing, shared by its writer and reader (see RECORDINGS.md, "Compact"):
/// a record is a kind byte, its body's length as a varint, the body, and a check value of all
/// of that (`CompactCheck`). Books are key frames (the whole book) or deltas against the
/// previous book of the same venue and symbol (a "stream"); a key frame comes at least every
/// `keyFrameInterval` books of a stream, so that reading can start, and resume after a damaged
/// record, there.
enum CompactForm {
    /// A whole book, with its stream's names.
    static let keyFrame: UInt8 = 1
    /// Any other record, as its JSON Lines text without the newline.
    static let json: UInt8 = 2
    /// A book as the changes from the previous book of its stream.
    static let delta: UInt8 = 3
    /// A trade printed at the venue, whole (`CompactTradeCodec`; version 5).
    static let trade: UInt8 = 4
    /// The first version whose records may be trades.
    static let tradeVersion = 5

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
