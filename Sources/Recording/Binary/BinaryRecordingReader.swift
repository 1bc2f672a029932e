import FoundationEssentials
import Glibc
import StrategyKit

/// Reads the binary form: `TWRB`, a little-endian `UInt32` header length and the header's JSON,
/// then records of a `UInt32` length, a kind byte and a body (see RECORDINGS.md).
public final class BinaryRecordingReader: RecordingReader {
    public let header: RecordingHeader
    public private(set) var warnings: [RecordingWarning] = []
    private let input: FileInput
    private let decoder = JSONDecoder()
    private var recordNumber = 0
    private var venues = NameCache()
    private var symbols = NameCache()
    /// The storage of the books' bids and asks, refilled in turn once nobody holds them.
    private var pool: EntryArrayPool
    /// The last sides decoded and their bytes: a side a later book repeats byte for byte (about
    /// half of them in a market-by-price feed, where a book changes on one side) is that array
    /// itself, not decoded again, so that a backtest showing our orders in it can tell it is
    /// the side it showed them in last.
    private var lastBids = RecordedSide()
    private var lastAsks = RecordedSide()

    /// Opens `path` and reads its header.
    /// The file is mapped into memory when it can be (a regular file) and `bufferSize` is nil;
    /// otherwise it is read `bufferSize` bytes at a time (see `FileInput`).
    public convenience init(path: String, bufferSize: Int? = nil) throws(BacktestError) {
        try self.init(input: FileInput(path: path, chunkSize: bufferSize))
    }

    /// Reads the records of `input`, whose header is `header` (read from `input`'s start when
    /// nil). The storage of a book's sides is reused `booksHeld` books later when nobody holds
    /// that book any more (see `EntryArrayPool`).
    init(input: FileInput, header: RecordingHeader? = nil, booksHeld: Int = 2) throws(BacktestError) {
        self.input = input
        pool = EntryArrayPool(depth: 2 * booksHeld)
        let read: RecordingHeader
        if let header { read = header } else { read = try Self.header(from: input, using: decoder) }
        guard !RecordingHeader.compactVersions.contains(read.version) else {
            throw .badHeader(path: input.path, reason: "version \(read.version) is the compact form, not the binary one")
        }
        self.header = read
    }

    /// The header of the binary or compact form, read from `input`'s start: `TWRB`, its length,
    /// its JSON.
    static func header(from input: FileInput, using decoder: JSONDecoder) throws(BacktestError) -> RecordingHeader {
        let path = input.path
        guard let magic = try input.next(count: 8), Array(magic.prefix(4)) == RecordingFormat.binaryMagic else {
            throw .badHeader(path: path, reason: "no TWRB magic")
        }
        let length = Int(magic.loadUnaligned(fromByteOffset: 4, as: UInt32.self).littleEndian)
        guard let headerBytes = try input.next(count: length) else {
            throw .badHeader(path: path, reason: "the header is cut short")
        }
        return try RecordingHeader.decode(Data(headerBytes), path: path, using: decoder)
    }

    public var progress: (consumed: Int, total: Int) { (input.consumedByteCount, input.size) }

    public func next() throws(BacktestError) -> RecordedEvent? {
        guard let prefix = try input.peek(count: 4) else { return finish() }
        let length = Int(prefix.loadUnaligned(as: UInt32.self).littleEndian)
        guard let record = try input.peek(count: 4 + length) else { return finish() }
        input.skip(count: 4 + length)
        recordNumber += 1
        guard length >= 1 else { throw malformed("empty record") }
        let body = UnsafeRawBufferPointer(rebasing: record[4...])
        switch body[0] {
        case BinaryRecordKind.book: return try header.inUnits(.book(try book(body)), path: input.path, record: recordNumber)
        case BinaryRecordKind.json:
            let event: RecordedEvent
            do {
                event = try decoder.decode(RecordedEvent.self, from: Data(body[1...]))
            } catch {
                throw malformed("\(error)")
            }
            return try header.inUnits(event, path: input.path, record: recordNumber)
        default: throw malformed("unknown record kind \(body[0])")
        }
    }

    private func finish() -> RecordedEvent? {
        if input.pendingByteCount > 0 {
            warnings.append(.truncatedFinalRecord(
                path: input.path, record: recordNumber + 1, bytes: input.pendingByteCount))
            input.discardPending()
        }
        return nil
    }

    private func malformed(_ reason: String) -> BacktestError {
        .malformedRecord(path: input.path, record: recordNumber, reason: reason)
    }

    private func book(_ body: UnsafeRawBufferPointer) throws(BacktestError) -> BookSnapshot {
        var cursor = RecordCursor(body: body, offset: 1)
        guard cursor.remaining >= 24 else { throw malformed("a book record is cut short") }
        let sequence = UInt64(bitPattern: cursor.int64())
        let exchangeTime = Timestamp(nanoseconds: cursor.int64())
        let receivedTime = Timestamp(nanoseconds: cursor.int64())
        let venue = Venue(rawValue: venues.name(try name(from: &cursor)))
        let symbol = Symbol(rawValue: symbols.name(try name(from: &cursor)))
        guard cursor.remaining >= 8 else { throw malformed("a book record is cut short") }
        let bidCount = Int(cursor.uint32())
        let askCount = Int(cursor.uint32())
        guard cursor.remaining == (bidCount + askCount) * 16 else {
            throw malformed("book entry count does not match the length")
        }
        var bestFirst = true
        let bids = side(bidCount, isBuy: true, repeating: &lastBids, &cursor, bestFirst: &bestFirst)
        let asks = side(askCount, isBuy: false, repeating: &lastAsks, &cursor, bestFirst: &bestFirst)
        guard bestFirst else { throw malformed(BestFirstCheck.refusal) }
        guard cursor.entriesInRange else { throw malformed(RecordedNumbers.refusal(bids: bids, asks: asks)) }
        return BookSnapshot(
            venue: venue, symbol: symbol, bids: bids, asks: asks, exchangeTime: exchangeTime,
            receivedTime: receivedTime, sequence: sequence)
    }

    /// The side of `count` entries at the cursor: `last`'s array when the bytes repeat its,
    /// else decoded into recycled storage, clearing `bestFirst` when it is not best first (and
    /// the cursor's `entriesInRange` when a number is out of range). A decoded side that passes
    /// both checks is the one to repeat from then on, whether or not its book does. The closure
    /// stays one plain assignment: the optimizer specialises `make` for it, which it did not for
    /// a closure assigning a tuple.
    private func side(
        _ count: Int, isBuy: Bool, repeating last: inout RecordedSide, _ cursor: inout RecordCursor, bestFirst: inout Bool
    ) -> [BookEntry] {
        let bytes = cursor.upcoming(count * 16)
        if last.repeats(bytes) {
            cursor.offset += bytes.count
            return last.entries
        }
        let inRangeBefore = cursor.entriesInRange
        var holds = true
        let entries = pool.make(count: count) { holds = cursor.decode(into: $0, isBuy: isBuy) }
        bestFirst = bestFirst && holds
        if holds && inRangeBefore && cursor.entriesInRange { last.remember(entries, bytes: bytes) }
        return entries
    }

    /// The bytes of a `u16`-length-prefixed name.
    private func name(from cursor: inout RecordCursor) throws(BacktestError) -> UnsafeRawBufferPointer {
        guard cursor.remaining >= 2 else { throw malformed("a book record is cut short") }
        let count = Int(cursor.uint16())
        guard cursor.remaining >= count else { throw malformed("a book record is cut short") }
        return cursor.bytes(count)
    }
}

/// Little-endian fields read in order from one record's body; callers check `remaining` first.
private struct RecordCursor {
    let body: UnsafeRawBufferPointer
    var offset: Int
    /// Whether every price and quantity `decode` read is within `RecordedNumbers`' range.
    private(set) var entriesInRange = true

    var remaining: Int { body.count - offset }

    mutating func int64() -> Int64 {
        defer { offset += 8 }
        return Int64(littleEndian: body.loadUnaligned(fromByteOffset: offset, as: Int64.self))
    }

    mutating func uint32() -> UInt32 {
        defer { offset += 4 }
        return UInt32(littleEndian: body.loadUnaligned(fromByteOffset: offset, as: UInt32.self))
    }

    mutating func uint16() -> UInt16 {
        defer { offset += 2 }
        return UInt16(littleEndian: body.loadUnaligned(fromByteOffset: offset, as: UInt16.self))
    }

    /// Fills `entries` with (price, qty) pairs; returns whether they are best first, and clears
    /// `entriesInRange` if a price or quantity is out of `RecordedNumbers`' range.
    mutating func decode(into entries: UnsafeMutableBufferPointer<BookEntry>, isBuy: Bool) -> Bool {
        guard !entries.isEmpty else { return true }
        let base = body.baseAddress! + offset
        var check = BestFirstCheck(isBuy: isBuy)
        // One OR per entry: the quantities' bits, as unsigned numbers (a negative one is huge).
        // Within range, every quantity is at most their OR, so the exact check runs only when
        // the OR is above the limit. Prices need no work per entry: on a best-first side
        // (which the caller refuses otherwise) the first and last are the extremes.
        var quantityBits: UInt64 = 0
        for index in entries.indices {
            let price = Int64(littleEndian: base.loadUnaligned(fromByteOffset: index * 16, as: Int64.self))
            let qty = Int64(littleEndian: base.loadUnaligned(fromByteOffset: index * 16 + 8, as: Int64.self))
            entries[index] = BookEntry(price: Price(units: price), qty: Quantity(shares: qty), isBuy: isBuy)
            check.see(price)
            quantityBits |= UInt64(bitPattern: qty)
        }
        offset += entries.count * 16
        let extremes = (entries[0].price.units, entries[entries.count - 1].price.units)
        entriesInRange = entriesInRange && RecordedNumbers.holds(price: extremes.0, qty: 0)
            && RecordedNumbers.holds(price: extremes.1, qty: 0)
            && (quantityBits <= UInt64(RecordedNumbers.quantities.upperBound)
                || entries.allSatisfy { RecordedNumbers.holds(price: 0, qty: $0.qty.shares) })
        return check.holds
    }

    mutating func bytes(_ count: Int) -> UnsafeRawBufferPointer {
        defer { offset += count }
        return upcoming(count)
    }

    /// The next `count` bytes, not consumed.
    func upcoming(_ count: Int) -> UnsafeRawBufferPointer {
        UnsafeRawBufferPointer(rebasing: body[offset..<offset + count])
    }
}

/// A side (bids or asks) as last decoded, passing the checks, and its bytes in its record, for
/// a later book's side to be found the same.
private struct RecordedSide {
    private(set) var entries: [BookEntry] = []
    private var bytes: [UInt8] = []

    /// Whether `raw` is the side's bytes (never for an empty side, which has nothing to share).
    func repeats(_ raw: UnsafeRawBufferPointer) -> Bool {
        !entries.isEmpty && bytes.count == raw.count
            && bytes.withUnsafeBytes { memcmp($0.baseAddress!, raw.baseAddress!, raw.count) == 0 }
    }

    mutating func remember(_ entries: [BookEntry], bytes raw: UnsafeRawBufferPointer) {
        self.entries = entries
        bytes.removeAll(keepingCapacity: true)
        bytes.append(contentsOf: raw)
    }
}
