import Glibc

/// A name read from the bytes of one record after another: decoded into a `String` only when
/// the bytes differ from the last ones (a recording's venue and symbol nearly never do).
struct NameCache {
    private var bytes: [UInt8] = []
    private var name = ""

    /// The name `raw` spells, as UTF-8.
    mutating func name(_ raw: UnsafeRawBufferPointer) -> String {
        let same = bytes.count == raw.count
            && bytes.withUnsafeBytes { raw.isEmpty || memcmp($0.baseAddress!, raw.baseAddress!, raw.count) == 0 }
        if !same {
            bytes.removeAll(keepingCapacity: true)
            bytes.append(contentsOf: raw)
            name = String(decoding: raw, as: UTF8.self)
        }
        return name
    }
}
