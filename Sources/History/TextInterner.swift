import Glibc

/// The `String`s of a query's text columns that repeat row after row (venue, account, symbol,
/// strategy, side): each distinct value is made once and shared by the rows that hold it,
/// rather than decoded again for every row.
struct TextInterner {
    private var entries: [(bytes: [UInt8], string: String)] = []
    /// Past this many distinct values a column is not one that repeats: its values are made
    /// each time and no longer kept.
    private let capacity: Int

    init(capacity: Int = 64) {
        self.capacity = capacity
    }

    /// The string of the UTF-8 `bytes` (repaired as `String(decoding:as:)` does).
    mutating func string(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        for entry in entries where entry.bytes.count == bytes.count {
            let same = entry.bytes.withUnsafeBufferPointer { stored in
                stored.isEmpty || memcmp(stored.baseAddress!, bytes.baseAddress!, bytes.count) == 0
            }
            if same { return entry.string }
        }
        let string = String(decoding: bytes, as: UTF8.self)
        if entries.count < capacity { entries.append((Array(bytes), string)) }
        return string
    }
}
