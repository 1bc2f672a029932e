/// Fields read in order from the body of a compact record (see `CompactForm`); every read checks
/// that the body holds it and throws `CompactFault` otherwise.
struct CompactCursor {
    private let body: UnsafeRawBufferPointer
    private var offset = 0

    init(_ body: UnsafeRawBufferPointer) {
        self.body = body
    }

    /// Bytes not read yet.
    var remaining: Int { body.count - offset }

    /// A LEB128 varint of at most ten bytes.
    @inline(__always)
    mutating func varint() throws(CompactFault) -> UInt64 {
        guard offset < body.count else { throw CompactFault("the record is cut short") }
        let first = body[offset]
        offset += 1
        if first < 0x80 { return UInt64(first) }
        var value = UInt64(first & 0x7F)
        var shift: UInt64 = 7
        while offset < body.count, shift < 70 {
            let byte = body[offset]
            offset += 1
            value |= UInt64(byte & 0x7F) << shift
            if byte < 0x80 { return value }
            shift += 7
        }
        throw CompactFault(shift >= 70 ? "a number is longer than ten bytes" : "the record is cut short")
    }

    /// One byte.
    @inline(__always)
    mutating func byte() throws(CompactFault) -> UInt8 {
        guard offset < body.count else { throw CompactFault("the record is cut short") }
        defer { offset += 1 }
        return body[offset]
    }

    /// A varint length and that many bytes of UTF-8.
    mutating func name() throws(CompactFault) -> String {
        String(decoding: try rawName(), as: UTF8.self)
    }

    /// A varint length and that many bytes, not decoded.
    mutating func rawName() throws(CompactFault) -> UnsafeRawBufferPointer {
        let count = try varint()
        guard count <= UInt64(remaining) else { throw CompactFault("a name is longer than the record") }
        defer { offset += Int(count) }
        return UnsafeRawBufferPointer(rebasing: body[offset..<offset + Int(count)])
    }
}
