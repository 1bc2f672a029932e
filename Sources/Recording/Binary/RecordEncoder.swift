import FoundationEssentials
import StrategyKit
import Wire

/// Turns records into the bytes of either recording form. Books, the bulk of every recording,
/// are written by hand; the rare other kinds go through `JSONEncoder` with sorted keys, so the
/// same record always gives the same bytes.
struct RecordEncoder {
    private let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }()

    /// Appends `event` as one JSON line, newline included.
    func appendJSONLine(_ event: RecordedEvent, to bytes: inout [UInt8]) throws {
        guard case .book(let book) = event else {
            bytes.append(contentsOf: try encoder.encode(event))
            bytes.append(UInt8(ascii: "\n"))
            return
        }
        bytes.append(contentsOf: #"{"kind":"book","venue":"#.utf8)
        bytes.appendJSONString(book.venue.rawValue)
        bytes.append(contentsOf: #","symbol":"#.utf8)
        bytes.appendJSONString(book.symbol.rawValue)
        bytes.append(contentsOf: #","seq":"#.utf8)
        bytes.appendDecimal(book.sequence)
        bytes.append(contentsOf: #","exchangeTime":"#.utf8)
        bytes.appendDecimal(book.exchangeTime.nanoseconds)
        bytes.append(contentsOf: #","receivedTime":"#.utf8)
        bytes.appendDecimal(book.receivedTime.nanoseconds)
        bytes.append(contentsOf: #","bids":"#.utf8)
        Self.appendEntries(book.bids, to: &bytes)
        bytes.append(contentsOf: #","asks":"#.utf8)
        Self.appendEntries(book.asks, to: &bytes)
        bytes.append(contentsOf: "}\n".utf8)
    }

    /// Appends `event` as one binary record: little-endian length, kind byte, body.
    func appendBinary(_ event: RecordedEvent, to bytes: inout [UInt8]) throws {
        let lengthOffset = bytes.count
        bytes.append(contentsOf: [0, 0, 0, 0])
        if case .book(let book) = event {
            bytes.append(BinaryRecordKind.book)
            Self.appendLittleEndian(book.sequence, to: &bytes)
            Self.appendLittleEndian(UInt64(bitPattern: book.exchangeTime.nanoseconds), to: &bytes)
            Self.appendLittleEndian(UInt64(bitPattern: book.receivedTime.nanoseconds), to: &bytes)
            Self.appendShortString(book.venue.rawValue, to: &bytes)
            Self.appendShortString(book.symbol.rawValue, to: &bytes)
            Self.appendLittleEndian(UInt32(book.bids.count), to: &bytes)
            Self.appendLittleEndian(UInt32(book.asks.count), to: &bytes)
            for entry in book.bids {
                Self.appendLittleEndian(UInt64(bitPattern: entry.price.units), to: &bytes)
                Self.appendLittleEndian(UInt64(bitPattern: entry.qty.shares), to: &bytes)
            }
            for entry in book.asks {
                Self.appendLittleEndian(UInt64(bitPattern: entry.price.units), to: &bytes)
                Self.appendLittleEndian(UInt64(bitPattern: entry.qty.shares), to: &bytes)
            }
        } else {
            bytes.append(BinaryRecordKind.json)
            bytes.append(contentsOf: try encoder.encode(event))
        }
        let length = UInt32(bytes.count - lengthOffset - 4)
        for index in 0..<4 { bytes[lengthOffset + index] = UInt8(truncatingIfNeeded: length >> (8 * index)) }
    }

    /// A record of another kind than a book as its JSON Lines text, without the newline.
    func json(_ event: RecordedEvent) throws -> Data {
        try encoder.encode(event)
    }

    /// The header as its JSON line, newline included.
    func headerLine(_ header: RecordingHeader) throws -> [UInt8] {
        Array(try encoder.encode(header)) + [UInt8(ascii: "\n")]
    }

    static func appendEntries(_ entries: [BookEntry], to bytes: inout [UInt8]) {
        bytes.append(UInt8(ascii: "["))
        for (index, entry) in entries.enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            bytes.append(UInt8(ascii: "["))
            bytes.appendDecimal(entry.price.units)
            bytes.append(UInt8(ascii: ","))
            bytes.appendDecimal(entry.qty.shares)
            bytes.append(UInt8(ascii: "]"))
        }
        bytes.append(UInt8(ascii: "]"))
    }

    static func appendLittleEndian<Integer: FixedWidthInteger>(_ value: Integer, to bytes: inout [UInt8]) {
        // One append of the value's bytes: appending them one by one was most of converting to
        // the binary form.
        withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
    }

    static func appendShortString(_ text: String, to bytes: inout [UInt8]) {
        let utf8 = Array(text.utf8)
        precondition(utf8.count <= Int(UInt16.max), "a venue or symbol name is under 64 KiB")
        appendLittleEndian(UInt16(utf8.count), to: &bytes)
        bytes.append(contentsOf: utf8)
    }
}

/// The kind byte of a binary record.
enum BinaryRecordKind {
    /// A book snapshot in binary fields.
    static let book: UInt8 = 1
    /// Any other record, as its JSON Lines text without the newline.
    static let json: UInt8 = 2
}
