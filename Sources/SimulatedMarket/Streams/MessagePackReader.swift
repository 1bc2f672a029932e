import Wire

/// Reads what a MessagePack client of Alpaca's market-data stream sends (`auth`, `subscribe`,
/// `unsubscribe`: a map of strings, arrays of strings, and now and then a number, a boolean or
/// nil) and writes it as the JSON the stream's session reads. Nil for bytes that are not exactly
/// one such value (a binary, float or extension value too: no client message holds one), or
/// nested deeper than JSON's reader allows.
struct MessagePackReader {
    private let bytes: [UInt8]
    private var position = 0
    private var json = JSONWriter(capacity: 128, style: .shortEscapes)

    private init(_ bytes: [UInt8]) { self.bytes = bytes }

    /// `message` as JSON text, or nil.
    static func json(from message: [UInt8]) -> [UInt8]? {
        var reader = MessagePackReader(message)
        guard reader.value(depth: 0), reader.position == message.count else { return nil }
        return reader.json.bytes
    }

    private mutating func value(depth: Int) -> Bool {
        guard depth < JSONReader.maxDepth, let first = byte() else { return false }
        switch first {
        case 0x00...0x7F: json.int(Int64(first))
        case 0xE0...0xFF: json.int(Int64(Int8(bitPattern: first)))
        case 0xC0: json.raw("null")
        case 0xC2: json.bool(false)
        case 0xC3: json.bool(true)
        case 0xCC, 0xCD, 0xCE, 0xCF:
            guard let value = unsigned(width: 1 << Int(first - 0xCC)), value <= UInt64(Int64.max) else { return false }
            json.int(Int64(value))
        case 0xD0, 0xD1, 0xD2, 0xD3:
            let width = 1 << Int(first - 0xD0)
            guard let value = unsigned(width: width) else { return false }
            let shift = UInt64(64 - width * 8)
            json.int(Int64(bitPattern: value << shift) >> Int64(shift))
        case 0xA0...0xBF: return string(count: Int(first & 0x1F))
        case 0xD9, 0xDA, 0xDB:
            guard let count = unsigned(width: 1 << Int(first - 0xD9)) else { return false }
            return string(count: Int(count))
        case 0x90...0x9F: return array(count: Int(first & 0x0F), depth: depth)
        case 0xDC, 0xDD:
            guard let count = unsigned(width: first == 0xDC ? 2 : 4) else { return false }
            return array(count: Int(count), depth: depth)
        case 0x80...0x8F: return map(count: Int(first & 0x0F), depth: depth)
        case 0xDE, 0xDF:
            guard let count = unsigned(width: first == 0xDE ? 2 : 4) else { return false }
            return map(count: Int(count), depth: depth)
        default: return false
        }
        return true
    }

    private mutating func string(count: Int) -> Bool {
        guard count <= bytes.count - position else { return false }
        let utf8 = bytes[position ..< position + count]
        position += count
        guard let text = String(validating: utf8, as: UTF8.self) else { return false }
        json.string(text)
        return true
    }

    private mutating func array(count: Int, depth: Int) -> Bool {
        guard count <= bytes.count - position else { return false }
        json.raw("[")
        for index in 0..<count {
            if index > 0 { json.raw(",") }
            guard value(depth: depth + 1) else { return false }
        }
        json.raw("]")
        return true
    }

    /// A map whose keys are strings, as JSON's are.
    private mutating func map(count: Int, depth: Int) -> Bool {
        guard count <= bytes.count - position else { return false }
        json.raw("{")
        for index in 0..<count {
            if index > 0 { json.raw(",") }
            guard let first = peek(), (0xA0...0xBF).contains(first) || (0xD9...0xDB).contains(first),
                  value(depth: depth + 1) else { return false }
            json.raw(":")
            guard value(depth: depth + 1) else { return false }
        }
        json.raw("}")
        return true
    }

    private func peek() -> UInt8? { position < bytes.count ? bytes[position] : nil }

    private mutating func byte() -> UInt8? {
        defer { position += 1 }
        return peek()
    }

    /// `width` bytes, big-endian.
    private mutating func unsigned(width: Int) -> UInt64? {
        guard width <= bytes.count - position else { return nil }
        var value: UInt64 = 0
        for byte in bytes[position ..< position + width] { value = value << 8 | UInt64(byte) }
        position += width
        return value
    }
}
