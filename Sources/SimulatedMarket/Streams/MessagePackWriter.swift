import StrategyKit
import Wire

/// MessagePack (the msgpack.org specification) as Alpaca's market-data stream speaks it to a
/// client that asked for it (`Content-Type: application/msgpack` on the upgrade): the exchange's
/// JSON messages written again, value for value, in the smallest form each value fits. Strings
/// stay strings except a member `t` holding an ISO-8601 time, which becomes the timestamp
/// extension (type -1) as Alpaca sends it; a number with a fraction or exponent becomes a float
/// 64, the format's only form for it (the JSON text's decimal is exact, the wire's double is what
/// Alpaca's own clients read).
struct MessagePackWriter {
    private(set) var bytes: [UInt8] = []

    /// `json` in MessagePack, or nil when it is not one well-formed JSON document.
    static func transcode(json: [UInt8]) -> [UInt8]? {
        json.withUnsafeBytes { buffer in
            var writer = MessagePackWriter()
            do throws(JSONReadError) {
                try JSONReader.document(buffer) { reader throws(JSONReadError) in try writer.value(&reader, key: nil) }
            } catch {
                return nil
            }
            return writer.bytes
        }
    }

    /// Writes the JSON value `reader` is at; `key` is the member's name when it is one.
    private mutating func value(_ reader: inout JSONReader, key: [UInt8]?) throws(JSONReadError) {
        switch reader.peek() {
        case UInt8(ascii: "{"):
            var members = MessagePackWriter()
            var count = 0
            try reader.readObject { reader, rawKey throws(JSONReadError) in
                var name: [UInt8] = []
                try JSONReader.unescape(rawKey, into: &name)
                members.string(name)
                try members.value(&reader, key: name)
                count += 1
            }
            header(count, fix: 0x80, fixLimit: 16, wide: 0xDE)
            bytes += members.bytes
        case UInt8(ascii: "["):
            var elements = MessagePackWriter()
            var count = 0
            try reader.readArray { reader throws(JSONReadError) in
                try elements.value(&reader, key: nil)
                count += 1
            }
            header(count, fix: 0x90, fixLimit: 16, wide: 0xDC)
            bytes += elements.bytes
        case UInt8(ascii: "\""):
            let raw = try reader.rawString()
            var text: [UInt8] = []
            try JSONReader.unescape(raw, into: &text)
            if key == Array("t".utf8), let time = text.withUnsafeBytes({ Timestamp(iso8601UTF8: $0) }) {
                timestamp(time)
            } else {
                string(text)
            }
        case UInt8(ascii: "t"):
            try reader.literal("true")
            bytes.append(0xC3)
        case UInt8(ascii: "f"):
            try reader.literal("false")
            bytes.append(0xC2)
        case UInt8(ascii: "n"):
            try reader.literal("null")
            bytes.append(0xC0)
        default:
            let from = reader.offset
            try reader.skipNumber()
            let text = String(decoding: reader.bytes(from: from), as: UTF8.self)
            if let integer = Int64(text) {
                int(integer)
            } else if let real = Double(text) {
                bytes.append(0xCB)
                append(real.bitPattern, width: 8)
            } else {
                throw .expected("a number", offset: from)
            }
        }
    }

    /// An integer in its smallest form: positive or negative fixint, else int 8 to int 64.
    mutating func int(_ value: Int64) {
        switch value {
        case 0...127: bytes.append(UInt8(value))
        case -32 ..< 0: bytes.append(UInt8(truncatingIfNeeded: value))
        case 128...0xFF: bytes += [0xCC, UInt8(value)]
        case 0x100...0xFFFF: bytes.append(0xCD); append(UInt64(value), width: 2)
        case 0x10000...0xFFFF_FFFF: bytes.append(0xCE); append(UInt64(value), width: 4)
        case Int64(Int8.min) ..< -32: bytes += [0xD0, UInt8(truncatingIfNeeded: value)]
        case Int64(Int16.min) ..< Int64(Int8.min): bytes.append(0xD1); append(UInt64(bitPattern: value), width: 2)
        case Int64(Int32.min) ..< Int64(Int16.min): bytes.append(0xD2); append(UInt64(bitPattern: value), width: 4)
        case 0x1_0000_0000...: bytes.append(0xCF); append(UInt64(value), width: 8)
        default: bytes.append(0xD3); append(UInt64(bitPattern: value), width: 8)
        }
    }

    /// A UTF-8 string: fixstr, str 8, str 16 or str 32.
    mutating func string(_ utf8: [UInt8]) {
        switch utf8.count {
        case 0..<32: bytes.append(0xA0 | UInt8(utf8.count))
        case 32...0xFF: bytes += [0xD9, UInt8(utf8.count)]
        case 0x100...0xFFFF: bytes.append(0xDA); append(UInt64(utf8.count), width: 2)
        default: bytes.append(0xDB); append(UInt64(utf8.count), width: 4)
        }
        bytes += utf8
    }

    /// The timestamp extension (type -1): timestamp 64 (30-bit nanoseconds, 34-bit seconds) for
    /// a time from 1970 to 2514, timestamp 96 otherwise.
    mutating func timestamp(_ time: Timestamp) {
        let seconds = time.nanoseconds.quotientAndRemainder(dividingBy: 1_000_000_000)
        let (whole, nanoseconds) = seconds.remainder < 0 ? (seconds.quotient - 1, seconds.remainder + 1_000_000_000) : seconds
        if whole >= 0, whole < 1 << 34 {
            bytes += [0xD7, 0xFF]
            append(UInt64(nanoseconds) << 34 | UInt64(whole), width: 8)
        } else {
            bytes += [0xC7, 12, 0xFF]
            append(UInt64(nanoseconds), width: 4)
            append(UInt64(bitPattern: whole), width: 8)
        }
    }

    /// An array's or map's header for `count` elements or pairs.
    private mutating func header(_ count: Int, fix: UInt8, fixLimit: Int, wide: UInt8) {
        if count < fixLimit {
            bytes.append(fix | UInt8(count))
        } else if count <= 0xFFFF {
            bytes.append(wide)
            append(UInt64(count), width: 2)
        } else {
            bytes.append(wide + 1)
            append(UInt64(count), width: 4)
        }
    }

    /// The low `width` bytes of `value`, big-endian.
    private mutating func append(_ value: UInt64, width: Int) {
        for shift in stride(from: (width - 1) * 8, through: 0, by: -8) { bytes.append(UInt8(truncatingIfNeeded: value >> UInt64(shift))) }
    }
}
